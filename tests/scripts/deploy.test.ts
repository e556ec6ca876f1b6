// What deploy/ ships and `npm run stack` starts, checked without starting it: the environment
// example and each instance's file are a configuration the server accepts, naming only settings
// it declares; the instances the units start are the ones the balancer lists; the unit gives a
// drain time to finish; and the stack's plan is a valid configuration per instance, with ports
// of its own each, behind a balancer configuration HAProxy accepts.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configSections, loadConfig } from '@server/config';
import { DRAIN_LIMIT_MS } from '@server/modules/health/shutdown';
import { exampleTopology, renderHaproxyConfig } from '../../scripts/haproxy-config';
import { stackPlan } from '../../scripts/stack';
import { haproxyCheck } from '../server/fixtures/haproxy';

const deploy = path.resolve(import.meta.dirname, '../../deploy');
const folder = mkdtempSync(path.join(os.tmpdir(), 'fitstream-deploy-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The `NAME=value` lines of an environment file, as systemd reads them (no quotes used). */
function environmentFile(file: string): Record<string, string> {
  const lines = readFileSync(path.join(deploy, file), 'utf8').split('\n');
  return Object.fromEntries(lines.filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line)).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
}

/** The value of `key=` in the unit file (the last one wins, as in systemd). */
function unitSetting(key: string): string[] {
  return readFileSync(path.join(deploy, 'systemd/fitstream@.service'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith(`${key}=`))
    .map((line) => line.slice(key.length + 1));
}

const declared = new Set(configSections.flatMap((section) => Object.keys(section.settings)));
const shared = environmentFile('fitstream.env.example');
const instanceFiles = ['systemd/instance-1.env', 'systemd/instance-2.env'].map(environmentFile);

describe('deploy/', () => {
  it('the environment example and each instance file name only settings the server declares', () => {
    for (const env of [shared, ...instanceFiles]) expect(Object.keys(env).filter((name) => !declared.has(name))).toEqual([]);
  });

  it('each instance, with the shared example and its own file, has a configuration the server accepts', async () => {
    for (const [n, own] of instanceFiles.entries()) {
      const config = await loadConfig({ ...shared, ...own, DATA_DIR: path.join(folder, `instance-${n + 1}`) });
      expect(config.warnings).toEqual([]);
      expect(config.databaseUrl).toBe(shared.DATABASE_URL);
    }
  });

  it('the units start the instances the balancer lists, each with a port and a metrics port of its own', () => {
    expect(instanceFiles.map((env) => `${shared.HOST}:${env.PORT}`)).toEqual(exampleTopology.servers);
    const ports = instanceFiles.flatMap((env) => [env.PORT, env.METRICS_PORT]);
    expect(new Set(ports).size).toBe(4);
  });

  it('the unit stops an instance with SIGTERM and waits longer than the grace and the drain may take', () => {
    expect(unitSetting('KillSignal')).toEqual(['SIGTERM']);
    expect(unitSetting('EnvironmentFile')).toEqual(['/etc/fitstream/fitstream.env', '/etc/fitstream/instance-%i.env']);
    expect(Number(unitSetting('TimeoutStopSec')[0])).toBeGreaterThan(Number(shared.SHUTDOWN_GRACE_SECONDS) + DRAIN_LIMIT_MS / 1000);
  });
});

describe('npm run stack', () => {
  const options = {
    port: 8080,
    databaseUrl: 'postgres://postgres@127.0.0.1:5432/fitstream_stack',
    redisUrl: 'redis://127.0.0.1:6379',
    secrets: { jwtSecret: 'j'.repeat(43), playbackSecret: 'p'.repeat(43), vapidPublicKey: 'public', vapidPrivateKey: 'private' },
    mediaDir: path.join(folder, 'media'),
    stackDir: folder,
  };

  it.each([
    { edge: false, front: 'the balancer' },
    { edge: true, front: 'the edge' },
  ])('with $front in front: instances the server accepts, on ports of their own, behind a balancer HAProxy accepts', async ({ edge }) => {
    const plan = stackPlan({ ...options, edge });
    const ports = plan.instances.flatMap((instance) => [instance.env.PORT, instance.env.METRICS_PORT]);
    expect(new Set([...ports, plan.balancer.listen.split(':')[1], ...(plan.edge ? [plan.edge.listen.split(':')[1]] : [])]).size).toBe(ports.length + (edge ? 2 : 1));
    expect(plan.instances.map((instance) => instance.env.METRICS_PORT)).toEqual(['9464', '9465']);
    for (const instance of plan.instances) {
      const config = await loadConfig(instance.env);
      expect(config.publicUrl).toBe(plan.url);
      // One trusted hop per proxy in front: the balancer, and the edge when there is one.
      expect(instance.env.TRUST_PROXY).toBe(edge ? '2' : '1');
    }
    // The front door: the edge when there is one, the balancer otherwise.
    expect((plan.edge?.listen ?? plan.balancer.listen).endsWith(`:${options.port}`)).toBe(true);
    const file = path.join(folder, `haproxy-${edge}.cfg`);
    writeFileSync(file, renderHaproxyConfig(plan.balancer));
    expect(haproxyCheck(file)).toBeNull();
  });
});
