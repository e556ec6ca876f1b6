// `npm run billing:cancel-reasons -- [--out reasons.csv] [--since 2026-01-01]`: the cancel flow's
// reasons as CSV (decision 068), using the server's configuration (DATA_DIR, DATABASE_URL). Stop a
// server on the same embedded database first: PGlite has one owner at a time.
import { writeFile } from 'node:fs/promises';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { cancelReasonsCsv, exportOptions } from '@server/modules/payments/cancel-reasons-export';
import { runScript } from './run-script';

async function main(): Promise<number> {
  const options = exportOptions(process.argv.slice(2));
  if ('error' in options) {
    console.error(`billing:cancel-reasons: ${options.error}\nUsage: npm run billing:cancel-reasons -- [--out reasons.csv] [--since YYYY-MM-DD]`);
    return 2;
  }
  const config = await loadConfig();
  const handle = await openDatabase(config);
  try {
    const csv = await cancelReasonsCsv(handle.db, options.since);
    if (options.out === null) process.stdout.write(csv);
    else {
      await writeFile(options.out, csv);
      console.error(`billing:cancel-reasons: ${csv.split('\r\n').length - 2} reason(s) written to ${options.out}`);
    }
    return 0;
  } finally {
    await handle.close();
  }
}

runScript('billing:cancel-reasons', main);
