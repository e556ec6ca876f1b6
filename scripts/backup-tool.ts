// What `npm run backup` and `npm run restore` share: the two settings they read (DATA_DIR and
// DATABASE_URL, checked as the server checks them), the pg_dump / pg_restore commands to use
// instead when the database is a PostgreSQL server, and one line per failure with exit code 1.
import path from 'node:path';
import { coreConfig } from '@server/core-config';
import { ConfigError, checkEnvironment } from '@server/settings';

export interface DatabaseSettings {
  /** Resolved as the server resolves it. */
  dataDir: string;
  databaseUrl: string | null;
}

export function databaseSettings(env: Record<string, string | undefined> = process.env): DatabaseSettings {
  const values = checkEnvironment([coreConfig], env).of(coreConfig);
  return { dataDir: path.resolve(values.DATA_DIR), databaseUrl: values.DATABASE_URL };
}

/** The FILE argument, relative to where `npm run` was typed (npm itself runs in the project folder). */
export function fileArgument(usage: string): string {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0) throw new ConfigError(`usage: ${usage}`);
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** `text` as one word for a POSIX shell. */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The PostgreSQL commands, with the URL left to the shell: printed, a URL would put its password
 * into terminals and logs. Custom format (compressed, restored selectively); the restore drops
 * what exists first and is one transaction, so it is all or nothing.
 */
export function postgresCommands(file: string): { backup: string; restore: string } {
  return {
    backup: `pg_dump --format=custom --file=${shellWord(file)} "$DATABASE_URL"`,
    restore: `pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" ${shellWord(file)}`,
  };
}

/** Not done because the database is a PostgreSQL server: says why, and the command to run instead. */
export class PostgresInstead extends Error {
  override name = 'PostgresInstead';
  readonly command: string;
  constructor(message: string, command: string) {
    super(message);
    this.command = command;
  }
}

/**
 * Runs a tool: exit code 0 when it is done; 1 with one line on standard error when not (and,
 * for a PostgreSQL server, the command to run instead on a line of its own, ready to copy).
 */
export function runTool(name: string, main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      const message = error instanceof ConfigError ? error.problems.join('; ') : error instanceof Error ? error.message : String(error);
      console.error(`${name}: ${message.split('\n')[0]}`);
      if (error instanceof PostgresInstead) console.error(`  ${error.command}`);
      process.exit(1);
    },
  );
}
