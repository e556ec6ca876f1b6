// The balancer's template (scripts/haproxy-config.ts): the shipped example is what it writes and
// HAProxy accepts it; and, run by HAProxy in front of two stand-in instances, it spreads
// requests over them, passes the client address, takes an instance whose readiness fails out of
// the rotation (and back), and sends a request that meets a closed listener or a dropped
// connection to the other instance. The real server behind it: tests/scale/.
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXAMPLE_FILE, exampleTopology, renderHaproxyConfig } from '../../scripts/haproxy-config';
import { haproxyCheck, startBalancer, type Balancer } from '../server/fixtures/haproxy';

interface StandIn {
  url: string;
  server: Server;
  /** What /readyz answers. */
  ready: number;
  /** Drop every request but /readyz without answering (a connection closed under it). */
  dropRequests: boolean;
  /** X-Forwarded-For of each request other than the health checks. */
  served: string[];
}

async function standIn(): Promise<StandIn> {
  const instance: StandIn = { url: '', server: createServer(), ready: 200, dropRequests: false, served: [] };
  instance.server.on('request', (request, response) => {
    if (request.url === '/readyz') {
      response.writeHead(instance.ready, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    if (instance.dropRequests) {
      request.socket.destroy();
      return;
    }
    instance.served.push(String(request.headers['x-forwarded-for'] ?? ''));
    response.writeHead(200, { 'content-type': 'text/plain' }).end(instance.url);
  });
  await new Promise<void>((resolve) => instance.server.listen(0, '127.0.0.1', resolve));
  instance.url = `http://127.0.0.1:${(instance.server.address() as AddressInfo).port}`;
  return instance;
}

function closeListener(instance: StandIn): Promise<void> {
  return new Promise((resolve) => {
    instance.server.close(() => resolve());
    instance.server.closeAllConnections();
  });
}

describe('the balancer configuration', () => {
  it('deploy/haproxy/haproxy.cfg is what the template writes (run `npx tsx scripts/haproxy-config.ts` after changing it)', () => {
    expect(readFileSync(EXAMPLE_FILE, 'utf8')).toBe(renderHaproxyConfig(exampleTopology));
  });

  it('HAProxy accepts the example and a rendering for other addresses', () => {
    expect(haproxyCheck(EXAMPLE_FILE)).toBeNull();
    const folder = mkdtempSync(path.join(os.tmpdir(), 'fitstream-haproxy-check-'));
    try {
      const file = path.join(folder, 'haproxy.cfg');
      writeFileSync(file, renderHaproxyConfig({ listen: '*:80', servers: ['10.0.0.11:8080', '10.0.0.12:8080', '10.0.0.13:8080'] }));
      expect(haproxyCheck(file)).toBeNull();
      writeFileSync(file, `${renderHaproxyConfig(exampleTopology)}\nbackend broken\n    balance nowhere\n`);
      expect(haproxyCheck(file)).toMatch(/balance only supports/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('keeps its stats page on the loopback and needs an instance', () => {
    expect(() => renderHaproxyConfig({ ...exampleTopology, stats: '0.0.0.0:8404' })).toThrow(/loopback/);
    expect(() => renderHaproxyConfig({ ...exampleTopology, servers: [] })).toThrow(/at least one/);
  });
});

describe('HAProxy running the template in front of two instances', () => {
  let balancer: Balancer | undefined;
  let instances: StandIn[] = [];

  async function start(): Promise<Balancer> {
    instances = [await standIn(), await standIn()];
    balancer = await startBalancer(instances.map((instance) => instance.url));
    await balancer.until((states) => states.every((state) => state.status === 'UP'));
    return balancer;
  }
  async function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
    const response = await fetch(url, { headers });
    return { status: response.status, body: await response.text() };
  }

  afterEach(async () => {
    await balancer?.stop();
    balancer = undefined;
    await Promise.all(instances.filter((instance) => instance.server.listening).map(closeListener));
  });

  it('sends requests to both in turn, with the client address as the right-most X-Forwarded-For entry', async () => {
    const { url } = await start();
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await get(`${url}/api/v1/plans`, { 'x-forwarded-for': '203.0.113.9' }));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body))).toEqual(new Set(instances.map((instance) => instance.url)));
    // What the client wrote stays to the left, where a trusted hop count never reads.
    for (const instance of instances) expect(instance.served).toEqual(['203.0.113.9, 127.0.0.1', '203.0.113.9, 127.0.0.1']);
  });

  it('takes an instance whose readiness answers 503 out of the rotation, and back once it answers 200', async () => {
    const running = await start();
    const [ready, draining] = instances as [StandIn, StandIn];
    draining.ready = 503;
    await running.until((states) => states[1]?.status === 'DOWN');
    const before = draining.served.length;
    for (let i = 0; i < 6; i += 1) expect((await get(`${running.url}/`)).body).toBe(ready.url);
    expect(draining.served.length).toBe(before);

    draining.ready = 200;
    await running.until((states) => states[1]?.status === 'UP');
    const bodies = [];
    for (let i = 0; i < 4; i += 1) bodies.push((await get(`${running.url}/`)).body);
    expect(bodies).toContain(draining.url);
  });

  it('sends a request that meets a closed listener to the other instance, before any check has noticed', async () => {
    const running = await start();
    const [open, closed] = instances as [StandIn, StandIn];
    await closeListener(closed);
    const answers = await Promise.all(Array.from({ length: 6 }, () => get(`${running.url}/`)));
    expect(answers).toEqual(Array.from({ length: 6 }, () => ({ status: 200, body: open.url })));
  });

  it('sends a request whose connection is closed without an answer to the other instance', async () => {
    const running = await start();
    const [answering, dropping] = instances as [StandIn, StandIn];
    // Its readiness still answers 200: only the retry keeps these requests from failing.
    dropping.dropRequests = true;
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await get(`${running.url}/`));
    expect(answers).toEqual(Array.from({ length: 6 }, () => ({ status: 200, body: answering.url })));
    expect((await running.instances()).map((state) => state.status)).toEqual(['UP', 'UP']);
  });
});
