// `npm run restore -- FILE`: puts back the embedded database (DATA_DIR/pglite) and the secrets of
// a file `npm run backup` wrote. Refuses while a server runs on DATA_DIR, and a file that is not
// a good backup; the database is built aside and swapped in whole (server/db/pglite-backup.ts).
// With DATABASE_URL, says to use pg_restore.
import { restorePglite } from '@server/db/pglite-backup';
import { PostgresInstead, databaseSettings, fileArgument, postgresCommands, runTool } from './backup-tool';

runTool('restore', async () => {
  const file = fileArgument('npm run restore -- FILE');
  const { dataDir, databaseUrl } = databaseSettings();
  if (databaseUrl !== null) {
    throw new PostgresInstead(
      'DATABASE_URL is set: the database is a PostgreSQL server; stop every FitStream instance, then restore it with pg_restore, with DATABASE_URL set as for them:',
      postgresCommands(file).restore,
    );
  }
  const { createdAt, keptIn, secrets } = await restorePglite(dataDir, file);
  const carried = secrets.length > 0 ? ` and ${secrets.join(', ')}` : '';
  const kept = keptIn ? ` What it replaced is in ${keptIn}: delete that once the restored server is right.` : '';
  console.log(`restore: ${dataDir} now holds the database of ${file} (backed up at ${createdAt})${carried}; start the server.${kept}`);
});
