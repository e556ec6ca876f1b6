// `npm run backup` and `npm run restore` as an operator runs them (scripts/backup.ts, restore.ts)
// on a server's DATA_DIR: what a backup holds comes back after the folder is wiped (the account,
// its password, subscription and progress, and the secrets that keep its sign-in and push key);
// a restore over a running server, or of a file that is not a good backup, is refused in one
// line and changes nothing; with DATABASE_URL both give the PostgreSQL commands instead.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { storedSecret } from '@server/settings';
import { createTestApp, newDeviceId, signUp, type SignedUpUser, type TestApp } from '../server/harness';
import { authorization, listSubscriptions, roomyRateLimits } from '../server/fixtures/payments-flow';
import { CLASS_ID, seedPlayableClass, subscriber, tinyMedia, tinyMediaDir, TINY_CLIP } from '../server/fixtures/playback';

interface ToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run <tool> -- <file>` with `env` (the scripts npm runs, without npm's own output). */
function run(tool: 'backup' | 'restore', file: string, env: Record<string, string>): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${tool}.ts`, file], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const lines = (text: string) => text.split('\n').filter(Boolean);

describe('with DATABASE_URL', () => {
  const env = { DATABASE_URL: 'postgres://fitstream:secret@db.internal:5432/fitstream' };

  it('backup says to use pg_dump and prints the command, never the password', async () => {
    const result = await run('backup', '/var/backups/fitstream.dump', env);
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual([
      'backup: DATABASE_URL is set: the database is a PostgreSQL server; back it up with pg_dump (the servers may keep running), with DATABASE_URL set as for them:',
      '  pg_dump --format=custom --file=/var/backups/fitstream.dump "$DATABASE_URL"',
    ]);
  });

  it('restore says to stop the instances and use pg_restore, and prints the command', async () => {
    const result = await run('restore', "/var/backups/it's.dump", env);
    expect(result.code).toBe(1);
    expect(lines(result.stderr)).toEqual([
      'restore: DATABASE_URL is set: the database is a PostgreSQL server; stop every FitStream instance, then restore it with pg_restore, with DATABASE_URL set as for them:',
      `  pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" '/var/backups/it'\\''s.dump'`,
    ]);
  });
});

// PGlite only: with TEST_DATABASE_URL there is no PGlite template to start from.
describe.skipIf(inject('pgliteTemplateDir') === '')('the embedded database', { timeout: 240_000 }, () => {
  let scratch: string;
  let dataDir: string;
  let backupFile: string;
  let running: TestApp | undefined;
  let user: SignedUpUser;
  /** Signed up after the backup: there while no restore has happened. */
  let later: SignedUpUser;
  const env = () => ({ DATA_DIR: dataDir });

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(os.tmpdir(), 'fs-backup-'));
    dataDir = path.join(scratch, 'data');
    backupFile = path.join(scratch, 'fitstream.backup');
    await cp(path.join(inject('pgliteTemplateDir'), 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
    await tinyMedia();
  }, 240_000);
  afterAll(async () => {
    await running?.close();
    await rm(scratch, { recursive: true, force: true });
  });

  /** The app as the server would start on DATA_DIR: its generated secrets read from (or made in) the folder. */
  async function start(): Promise<TestApp> {
    running = await createTestApp({
      dataDir,
      databaseUrl: null,
      mediaDir: tinyMediaDir,
      rateLimits: roomyRateLimits,
      jwtSecret: await storedSecret(null, dataDir, 'jwt-secret'),
      playbackSecret: await storedSecret(null, dataDir, 'playback-secret'),
    });
    return running;
  }
  async function stop(): Promise<void> {
    await running?.close();
    running = undefined;
  }

  const signIn = (app: TestApp, who: SignedUpUser) =>
    app.app.inject({ method: 'POST', url: '/api/v1/auth/sign-in', payload: { email: who.email, password: who.password, device_id: newDeviceId() } });

  /** What the account sees: its plans and payments, where it is in the class, its push key (read with its old token). */
  async function whatTheAccountSees(app: TestApp) {
    const home = await app.app.inject({ method: 'GET', url: '/api/v1/classes/home', headers: authorization(user) });
    const notifications = await app.app.inject({ method: 'GET', url: '/api/v1/account/notifications', headers: authorization(user) });
    expect([home.statusCode, notifications.statusCode]).toEqual([200, 200]);
    return {
      subscriptions: await listSubscriptions(app.app, user),
      continueWatching: home.json<{ continueWatching: unknown[] }>().continueWatching,
      pushKey: notifications.json<{ notifications: { push: { publicKey: string } } }>().notifications.push.publicKey,
    };
  }

  /** Every name under DATA_DIR, to see that a refused restore left it as it was. */
  const tree = async () => (await readdir(dataDir, { recursive: true })).sort();

  it('gives back, after DATA_DIR is wiped, the account with its password, subscription, progress, sign-in and push key', async () => {
    const app = await start();
    await seedPlayableClass(app.app);
    user = await subscriber(app.app, 'standard');
    const progress = await app.app.inject({
      method: 'PUT',
      url: `/api/v1/playback/progress/${CLASS_ID}`,
      headers: authorization(user),
      payload: { position_seconds: TINY_CLIP.durationSeconds / 2 },
    });
    expect(progress.statusCode).toBe(200);
    const before = await whatTheAccountSees(app);
    expect(before.subscriptions.plans).toHaveLength(1);
    expect(before.continueWatching).toMatchObject([{ id: CLASS_ID, progress: { positionSeconds: TINY_CLIP.durationSeconds / 2, completed: false } }]);
    await stop();

    const backup = await run('backup', backupFile, env());
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^backup: wrote .*fitstream\.backup .*jwt-secret, playback-secret, vapid-keys\.json.*It holds secrets/);
    // It holds the secrets: readable by its owner only.
    expect((await stat(backupFile)).mode & 0o777).toBe(0o600);

    await rm(dataDir, { recursive: true, force: true });
    const restore = await run('restore', backupFile, env());
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(lines(restore.stdout)).toEqual([
      expect.stringMatching(
        new RegExp(`^restore: ${dataDir} now holds the database of ${backupFile} \\(backed up at \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\) and jwt-secret, playback-secret, vapid-keys\\.json; start the server\\.$`),
      ),
    ]);

    const again = await start();
    expect((await signIn(again, user)).statusCode).toBe(200);
    expect(await whatTheAccountSees(again)).toEqual(before);
  });

  it('refuses to back up or restore while a server runs on DATA_DIR, and changes nothing', async () => {
    const app = running!;
    later = await signUp(app.app);
    const was = await tree();
    const elsewhere = path.join(scratch, 'while-running.backup');

    const restore = await run('restore', backupFile, env());
    expect(restore.code).toBe(1);
    expect(lines(restore.stderr)).toEqual([
      `restore: the database folder ${dataDir}/pglite is in use by process ${process.pid}, a running FitStream server: stop it first, then restore (the embedded database belongs to one process at a time).`,
    ]);
    const backup = await run('backup', elsewhere, env());
    expect(backup.code).toBe(1);
    expect(lines(backup.stderr)).toEqual([
      `backup: the database folder ${dataDir}/pglite is in use by process ${process.pid}, a running FitStream server: stop it first, then back up (the embedded database belongs to one process at a time).`,
    ]);

    expect(await tree()).toEqual(was);
    await expect(stat(elsewhere)).rejects.toThrow(/ENOENT/);
    // The server still serves, with what was written after the backup.
    expect((await signIn(app, later)).statusCode).toBe(200);
    await stop();
  });

  it('refuses a file that is not a FitStream backup, or a damaged one, and a backup it cannot write, in one line, and changes nothing', async () => {
    const good = await readFile(backupFile);
    const notBackup = path.join(scratch, 'notes.txt');
    const cutShort = path.join(scratch, 'cut.backup');
    const changed = path.join(scratch, 'changed.backup');
    await writeFile(notBackup, 'shopping list\nmilk\n');
    await writeFile(cutShort, good.subarray(0, good.byteLength - 1000));
    const flipped = Buffer.from(good);
    flipped[flipped.byteLength - 5000] = flipped[flipped.byteLength - 5000]! ^ 0xff;
    await writeFile(changed, flipped);
    const was = await tree();
    const databaseBytes = good.byteLength - (good.indexOf('\n', good.indexOf('\n') + 1) + 1);

    const refusals = {
      [notBackup]: `restore: ${notBackup} is not a FitStream backup (one is made by \`npm run backup -- FILE\`).`,
      [cutShort]: `restore: ${cutShort} is a damaged FitStream backup: it is cut short or overlong (its database has ${databaseBytes - 1000} of ${databaseBytes} bytes); nothing was restored, use another copy.`,
      [changed]: `restore: ${changed} is a damaged FitStream backup: its database does not match its checksum (it was changed after it was written); nothing was restored, use another copy.`,
      [path.join(scratch, 'missing.backup')]: `restore: there is no file ${path.join(scratch, 'missing.backup')}.`,
    };
    for (const [file, refusal] of Object.entries(refusals)) {
      const result = await run('restore', file, env());
      expect(result.code, file).toBe(1);
      expect(lines(result.stderr)).toEqual([refusal]);
    }

    const nowhere = path.join(scratch, 'no-such-folder', 'fitstream.backup');
    const backup = await run('backup', nowhere, env());
    expect(backup.code).toBe(1);
    expect(lines(backup.stderr)).toEqual([`backup: cannot write ${nowhere}: there is no folder ${path.dirname(nowhere)}.`]);

    expect(await tree()).toEqual(was);
    const app = await start();
    expect((await signIn(app, later)).statusCode).toBe(200);
    await stop();
  });

  it('restored over a database, keeps the one it replaced aside', async () => {
    const restore = await run('restore', backupFile, env());
    expect(restore.code).toBe(0);
    const kept = /What it replaced is in (\S+): delete that once the restored server is right\.$/.exec(restore.stdout.trim())?.[1];
    expect(kept).toBeDefined();
    expect((await readdir(kept!)).sort()).toEqual(['jwt-secret', 'pglite', 'playback-secret', 'vapid-keys.json']);

    const app = await start();
    expect((await signIn(app, user)).statusCode).toBe(200);
    // Signed up after the backup: gone with the database it was in.
    expect((await signIn(app, later)).statusCode).toBe(401);
    await stop();
  });
});
