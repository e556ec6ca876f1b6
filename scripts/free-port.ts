// A free TCP port on the loopback, for the processes the tests, benchmarks and tools start
// (servers, HAProxy, nginx, Prometheus): the system picks one, which is closed again and handed on.
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
