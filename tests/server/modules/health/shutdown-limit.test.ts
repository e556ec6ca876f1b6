// The graceful shutdown's steps and its hard limit (modules/health/shutdown.ts), on a stand-in
// app and a fake clock: readiness turns at the signal, nothing closes during the grace, and a
// close that never finishes ends the process with 1 and a log line naming why.
import { createServer } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAIN_LIMIT_MS, gracefulShutdown } from '@server/modules/health';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function standIn(close: () => Promise<unknown>) {
  const errors: string[] = [];
  const app = {
    server: createServer(),
    health: { beginShutdown: vi.fn() },
    log: { info: vi.fn(), error: vi.fn((...args: unknown[]) => void errors.push(String(args.at(-1)))) },
    close: vi.fn(close),
  };
  return { app, errors };
}

describe('graceful shutdown', () => {
  it('turns unready at the signal, closes after the grace, and exits 0 once closed', async () => {
    const { app } = standIn(() => Promise.resolve());
    const exit = vi.fn();
    const shutdown = gracefulShutdown(app as never, { graceSeconds: 5, exit });
    shutdown('SIGTERM');
    expect(app.health.beginShutdown).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(app.close).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(app.close).toHaveBeenCalledOnce();
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
  });

  it('exits 1 with a log line when closing hangs past the grace and the drain limit', async () => {
    const { app, errors } = standIn(() => new Promise(() => {}));
    const exit = vi.fn();
    gracefulShutdown(app as never, { graceSeconds: 5, exit })('SIGTERM');
    await vi.advanceTimersByTimeAsync(5_000 + DRAIN_LIMIT_MS - 1);
    expect(exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(exit).toHaveBeenCalledExactlyOnceWith(1);
    expect(errors).toEqual([`shutdown did not finish within ${5 + DRAIN_LIMIT_MS / 1000} s (0 request(s) still in flight): exiting with 1`]);
  });

  it('ends the grace at a second signal', async () => {
    const { app } = standIn(() => Promise.resolve());
    const exit = vi.fn();
    const shutdown = gracefulShutdown(app as never, { graceSeconds: 60, exit });
    shutdown('SIGINT');
    await vi.advanceTimersByTimeAsync(0);
    expect(app.close).not.toHaveBeenCalled();
    shutdown('SIGINT');
    await vi.advanceTimersByTimeAsync(0);
    expect(app.close).toHaveBeenCalledOnce();
    expect(exit).toHaveBeenCalledExactlyOnceWith(0);
    expect(app.health.beginShutdown).toHaveBeenCalledOnce();
  });
});
