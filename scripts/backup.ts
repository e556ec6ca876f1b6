// `npm run backup -- FILE`: the embedded database (DATA_DIR/pglite) and the secrets DATA_DIR
// generated, in one file (server/db/backup-file.ts), for `npm run restore`. The server must be
// stopped: PGlite's files belong to one process at a time. With DATABASE_URL, says to use pg_dump.
import { backupPglite } from '@server/db/pglite-backup';
import { PostgresInstead, databaseSettings, fileArgument, postgresCommands, runTool } from './backup-tool';

runTool('backup', async () => {
  const file = fileArgument('npm run backup -- FILE');
  const { dataDir, databaseUrl } = databaseSettings();
  if (databaseUrl !== null) {
    throw new PostgresInstead(
      'DATABASE_URL is set: the database is a PostgreSQL server; back it up with pg_dump (the servers may keep running), with DATABASE_URL set as for them:',
      postgresCommands(file).backup,
    );
  }
  const { bytes, secrets } = await backupPglite(dataDir, file);
  const carried = secrets.length > 0 ? ` and ${secrets.join(', ')}` : '';
  console.log(
    `backup: wrote ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB: the database${carried}). ` +
      `It holds secrets: keep it as you keep them (it is readable by its owner only). Media files (MEDIA_DIR) are not in it.`,
  );
});
