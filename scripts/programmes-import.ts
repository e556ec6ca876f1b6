// `npm run programmes:import -- <programmes.json>`: adds or replaces programmes, using the
// server's configuration (DATA_DIR, DATABASE_URL). Stop a server on the same embedded database
// first: PGlite has one owner at a time.
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { importProgrammes } from '@server/modules/programmes/import';
import { runScript } from './run-script';

async function main(): Promise<number> {
  const [file] = process.argv.slice(2);
  if (!file) {
    console.error('Usage: npm run programmes:import -- <programmes.json>');
    return 2;
  }
  const config = await loadConfig();
  const handle = await openDatabase(config);
  try {
    const ids = await importProgrammes(handle.db, file);
    console.log(`programmes:import: ${ids.length} programme(s) imported: ${ids.join(', ')}`);
    return 0;
  } finally {
    await handle.close();
  }
}

runScript('programmes:import', main);
