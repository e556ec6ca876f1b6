// Backing up and restoring the embedded database (DATA_DIR/pglite) with PGlite's own dump of its
// data folder, together with the secrets DATA_DIR generated (backup-file.ts). Both hold the
// folder's lock (data-dir-lock.ts) while they work, so they refuse a folder a running server
// owns, and no server can start halfway through. A restore builds the whole database in a
// scratch folder beside the live one, opens it to check it, and only then swaps it in by
// renames; what it replaced is kept in DATA_DIR/before-restore-<time>.
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { BackupFileError, decodeBackup, encodeBackup, SECRET_FILES, type BackupManifest, type SecretFile } from './backup-file';
import { migrationsFolder, PGLITE_SETTINGS } from './client';
import { DataFolderInUse, lockDataFolder } from './data-dir-lock';

/** What the operator must do differently; the message is one line. */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}

/** Takes the folder's lock, or says which server holds it and what to do. */
function lockForTool(folder: string, doing: string): () => void {
  try {
    return lockDataFolder(folder);
  } catch (error) {
    if (!(error instanceof DataFolderInUse)) throw error;
    throw new BackupRefused(
      `the database folder ${folder} is in use by process ${error.pid}, a running FitStream server: stop it first, then ${doing} ` +
        '(the embedded database belongs to one process at a time).',
    );
  }
}

/** PGlite on `folder`, or a BackupRefused saying it cannot be opened. */
async function openFolder(folder: string, what: string, loadDataDir?: Blob): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  try {
    return await PGlite.create(folder, { postgresqlconf: PGLITE_SETTINGS, ...(loadDataDir ? { loadDataDir } : {}) });
  } catch (error) {
    throw new BackupRefused(`${what} cannot be opened (${String((error as Error).message).split(/\.\s|\n/)[0]}): it is damaged or is not a FitStream database.`);
  }
}

/** The `created_at` of the last migration applied, or null in a database FitStream never migrated. */
async function lastAppliedMigration(pg: PGlite): Promise<number | null> {
  const table = await pg.query<{ found: string | null }>(`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS found`);
  if (!table.rows[0]?.found) return null;
  const last = await pg.query<{ last: string | null }>('SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations');
  return last.rows[0]?.last ? Number(last.rows[0].last) : null;
}

/** The `when` of the newest migration this version of FitStream has. */
async function newestKnownMigration(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

async function readSecrets(dataDir: string): Promise<BackupManifest['secrets']> {
  const secrets: BackupManifest['secrets'] = {};
  for (const name of SECRET_FILES) {
    const text = await readFile(path.join(dataDir, name), 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (text !== null) secrets[name] = text;
  }
  return secrets;
}

/** Writes `bytes` to `file` whole or not at all, readable by its owner only. */
async function writePrivateFile(file: string, bytes: Uint8Array): Promise<void> {
  const partial = `${file}.partial-${process.pid}`;
  try {
    const handle = await open(partial, 'wx', 0o600);
    try {
      await handle.chmod(0o600);
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupRefused(`cannot write ${file}: there is no folder ${path.dirname(file)}.`);
    throw new BackupRefused(`cannot write ${file} (${code ?? String(error)}).`);
  }
}

export interface BackupResult {
  bytes: number;
  secrets: SecretFile[];
}

/** Writes a backup of `dataDir`'s embedded database and generated secrets to `file`. */
export async function backupPglite(dataDir: string, file: string): Promise<BackupResult> {
  const folder = path.join(dataDir, 'pglite');
  if (!existsSync(path.join(folder, 'PG_VERSION'))) throw new BackupRefused(`there is no embedded database in ${folder} to back up (is DATA_DIR right?).`);
  if (!existsSync(path.dirname(file))) throw new BackupRefused(`cannot write ${file}: there is no folder ${path.dirname(file)}.`);
  const unlock = lockForTool(folder, 'back up');
  try {
    const pg = await openFolder(folder, `the database folder ${folder}`);
    let dump: Uint8Array;
    let manifest: Omit<BackupManifest, 'format' | 'database'>;
    try {
      const lastMigration = await lastAppliedMigration(pg);
      if (lastMigration === null) throw new BackupRefused(`the database in ${folder} is not a FitStream database (it has no migrations).`);
      // Written out to the data files, so the dump needs no recovery when it is loaded.
      await pg.exec('CHECKPOINT');
      const version = await pg.query<{ server_version: string }>('SHOW server_version');
      dump = new Uint8Array(await (await pg.dumpDataDir('gzip')).arrayBuffer());
      manifest = { createdAt: new Date().toISOString(), postgres: version.rows[0]?.server_version ?? 'unknown', lastMigration, secrets: await readSecrets(dataDir) };
    } finally {
      await pg.close();
    }
    const bytes = encodeBackup(manifest, dump);
    await writePrivateFile(file, bytes);
    return { bytes: bytes.byteLength, secrets: Object.keys(manifest.secrets) as SecretFile[] };
  } finally {
    unlock();
  }
}

export interface RestoreResult {
  /** When the backup was made. */
  createdAt: string;
  /** Where the database and secrets it replaced were moved, or null when DATA_DIR had none. */
  keptIn: string | null;
  secrets: SecretFile[];
}

/** Reads and checks a backup file whole before anything is touched. */
async function readBackup(file: string): Promise<ReturnType<typeof decodeBackup>> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new BackupFileError(code === 'ENOENT' ? `there is no file ${file}.` : `${file} cannot be read (${code ?? String(error)}).`);
  }
  const backup = decodeBackup(bytes, file);
  if (backup.manifest.lastMigration > (await newestKnownMigration())) {
    throw new BackupRefused(`${file} was made by a newer version of FitStream than this one; restore it with that version or a later one.`);
  }
  return backup;
}

/** Renames done so far, undone in reverse order when a later step fails. */
class Swap {
  private readonly done: Array<[from: string, to: string]> = [];
  async move(from: string, to: string): Promise<void> {
    await rename(from, to);
    this.done.push([from, to]);
  }
  async undo(): Promise<void> {
    for (const [from, to] of this.done.reverse()) await rename(to, from).catch(() => {});
  }
}

/** Replaces `dataDir`'s embedded database and the secrets the backup carries with the backup's. */
export async function restorePglite(dataDir: string, file: string): Promise<RestoreResult> {
  const { manifest, database } = await readBackup(file);
  await mkdir(dataDir, { recursive: true });
  const folder = path.join(dataDir, 'pglite');
  const unlock = lockForTool(folder, 'restore');
  const scratch = path.join(dataDir, 'pglite.restoring');
  const secrets = Object.entries(manifest.secrets) as Array<[SecretFile, string]>;
  const staged = (name: string) => path.join(dataDir, `${name}.restoring`);
  try {
    // A scratch folder left by a restore that was killed is not anyone's: start it afresh.
    await rm(scratch, { recursive: true, force: true });
    await mkdir(scratch, { mode: 0o700 });
    const pg = await openFolder(scratch, `the database in ${file}`, new Blob([new Uint8Array(database)], { type: 'application/x-gzip' }));
    try {
      if ((await lastAppliedMigration(pg)) === null) throw new BackupRefused(`the database in ${file} is not a FitStream database (it has no migrations).`);
    } finally {
      await pg.close();
    }
    for (const [name, text] of secrets) await writeFile(staged(name), text, { mode: 0o600 });

    const replaced = [...(existsSync(folder) ? ['pglite'] : []), ...secrets.map(([name]) => name).filter((name) => existsSync(path.join(dataDir, name)))];
    const keptIn = replaced.length > 0 ? path.join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`) : null;
    if (keptIn) await mkdir(keptIn, { mode: 0o700 });
    const swap = new Swap();
    try {
      for (const name of replaced) await swap.move(path.join(dataDir, name), path.join(keptIn!, name));
      await swap.move(scratch, folder);
      for (const [name] of secrets) await swap.move(staged(name), path.join(dataDir, name));
    } catch (error) {
      await swap.undo();
      // Only if empty: should an undo have failed, what it holds is the previous database.
      if (keptIn) await rmdir(keptIn).catch(() => {});
      throw error;
    }
    return { createdAt: manifest.createdAt, keptIn, secrets: secrets.map(([name]) => name) };
  } finally {
    await rm(scratch, { recursive: true, force: true });
    for (const [name] of secrets) await rm(staged(name), { force: true });
    unlock();
  }
}
