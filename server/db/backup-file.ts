// The file `npm run backup` writes and `npm run restore` reads: a first line that says what it is
// (`head -1` shows it), one line of JSON (when, from which PostgreSQL, the checksum of the database,
// the generated secrets of DATA_DIR), then PGlite's own dump of its data folder (a gzipped tar).
// It holds secrets: it is written with mode 0600, and should be kept as the secrets are.
import { createHash } from 'node:crypto';

export const BACKUP_MAGIC = 'FitStream backup';
export const BACKUP_FORMAT = 1;

/**
 * The files of DATA_DIR a restore must give back for the same service: the keys that signed
 * what users already hold (sessions' access tokens and the unsubscribe links in sent mail, media
 * URLs) and the Web Push keys every saved push subscription is bound to. Generated into DATA_DIR
 * when the matching variable is unset (server/settings.ts, notifications/push.ts).
 */
export const SECRET_FILES = ['jwt-secret', 'playback-secret', 'vapid-keys.json'] as const;
export type SecretFile = (typeof SECRET_FILES)[number];

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  /** The PostgreSQL version of the PGlite that wrote the folder (`server_version`). */
  postgres: string;
  /** The last migration applied, as drizzle records it (its `created_at`). */
  lastMigration: number;
  database: { bytes: number; sha256: string };
  /** The secret files DATA_DIR had, by name, exactly as they were. */
  secrets: Partial<Record<SecretFile, string>>;
}

/** A file that is not a backup, or a backup that cannot be used; the message is one line. */
export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function encodeBackup(manifest: Omit<BackupManifest, 'format' | 'database'>, database: Uint8Array): Buffer {
  const full: BackupManifest = { format: BACKUP_FORMAT, ...manifest, database: { bytes: database.byteLength, sha256: sha256(database) } };
  return Buffer.concat([Buffer.from(`${BACKUP_MAGIC} ${BACKUP_FORMAT}\n${JSON.stringify(full)}\n`), database]);
}

/** How far into a file its two header lines may reach; past this it is not a backup. */
const HEADER_LIMIT = 1 << 20;

/** The manifest and database of a backup file's bytes; a BackupFileError saying why not, naming `name`. */
export function decodeBackup(bytes: Buffer, name: string): { manifest: BackupManifest; database: Buffer } {
  const notBackup = new BackupFileError(`${name} is not a FitStream backup (one is made by \`npm run backup -- FILE\`).`);
  const firstEnd = bytes.indexOf(0x0a);
  if (firstEnd < 0 || firstEnd > 64) throw notBackup;
  const first = bytes.subarray(0, firstEnd).toString('utf8');
  const version = new RegExp(`^${BACKUP_MAGIC} (\\d+)$`).exec(first);
  if (!version) throw notBackup;
  if (Number(version[1]) !== BACKUP_FORMAT) {
    throw new BackupFileError(`${name} is a FitStream backup of format ${version[1]}; this version of FitStream reads format ${BACKUP_FORMAT}.`);
  }
  const secondEnd = bytes.indexOf(0x0a, firstEnd + 1);
  if (secondEnd < 0 || secondEnd > HEADER_LIMIT) throw damaged(name, 'its header is cut short');
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(bytes.subarray(firstEnd + 1, secondEnd).toString('utf8')) as BackupManifest;
  } catch {
    throw damaged(name, 'its header is not readable');
  }
  if (!validManifest(manifest)) throw damaged(name, 'its header lacks what a restore needs');
  const database = bytes.subarray(secondEnd + 1);
  if (database.byteLength !== manifest.database.bytes) {
    throw damaged(name, `it is cut short or overlong (its database has ${database.byteLength} of ${manifest.database.bytes} bytes)`);
  }
  if (sha256(database) !== manifest.database.sha256) throw damaged(name, 'its database does not match its checksum (it was changed after it was written)');
  return { manifest, database };
}

function damaged(name: string, why: string): BackupFileError {
  return new BackupFileError(`${name} is a damaged FitStream backup: ${why}; nothing was restored, use another copy.`);
}

function validManifest(value: unknown): value is BackupManifest {
  if (typeof value !== 'object' || value === null) return false;
  const manifest = value as Partial<BackupManifest>;
  const secrets = manifest.secrets;
  return (
    manifest.format === BACKUP_FORMAT &&
    typeof manifest.createdAt === 'string' &&
    typeof manifest.lastMigration === 'number' &&
    typeof manifest.database?.bytes === 'number' &&
    typeof manifest.database.sha256 === 'string' &&
    typeof secrets === 'object' &&
    secrets !== null &&
    Object.entries(secrets).every(([file, text]) => (SECRET_FILES as readonly string[]).includes(file) && typeof text === 'string')
  );
}
