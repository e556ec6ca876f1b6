// `promtool check metrics` (Debian's prometheus package) on what the metrics port answers after
// a few real requests: the names, types, help texts and units pass Prometheus's own linter
// (docs/decisions/054). Included by vitest.config.ts only where promtool is on PATH.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultRateLimits } from '@server/config';
import { startMetricsServer, type MetricsServer } from '@server/metrics-server';
import { signUp, testAppForFile } from '../server/harness';

const t = testAppForFile({ rateLimits: { ...defaultRateLimits, signInPerIp: { points: 1, duration: 3600 } } });
let metrics: MetricsServer | undefined;
afterAll(() => metrics?.close());

/** promtool's exit code and what it printed, given `text` on standard input. */
function promtoolCheck(text: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('promtool', ['check', 'metrics'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
    child.stdin.end(text);
  });
}

describe('the scraped metrics', () => {
  it('pass promtool check metrics', async () => {
    const user = await signUp(t.app);
    const signIn = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: user.email, password, device_id: `dev-${randomBytes(4).toString('hex')}` } });
    expect((await signIn('Wr0ng#Pass')).statusCode).toBe(401);
    expect((await signIn('Wr0ng#Pass')).statusCode).toBe(429);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/downloads/licences', headers: { authorization: `Bearer ${user.token}` } })).statusCode).toBe(200);
    await t.app.mail.queued();

    metrics = await startMetricsServer(t.app.metrics, 0, '127.0.0.1');
    const response = await fetch(metrics.url);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('fitstream_rate_limit_refusals_total{limit="sign_in_per_ip"} 1');

    expect(await promtoolCheck(text)).toEqual({ code: 0, output: '' });
  });
});
