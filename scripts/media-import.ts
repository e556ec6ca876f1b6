// `npm run media:import -- <video file> <metadata.json>`: adds a class with its own video, using
// the server's configuration (DATA_DIR, MEDIA_DIR, DATABASE_URL). Stop a server on the same
// embedded database first: PGlite has one owner at a time.
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { importClass } from '@server/modules/media/import';
import { runScript } from './run-script';

async function main(): Promise<number> {
  const [video, metadata] = process.argv.slice(2);
  if (!video || !metadata) {
    console.error('Usage: npm run media:import -- <video file> <metadata.json>');
    return 2;
  }
  const config = await loadConfig();
  const handle = await openDatabase(config);
  try {
    let last = '';
    const { classId, mediaId } = await importClass(handle.db, config.mediaDir, video, metadata, (step, fraction) => {
      const line = `media:import: ${step} ${Math.floor(fraction * 10) * 10}%`;
      if (line !== last) console.log(line);
      last = line;
    });
    console.log(`media:import: class "${classId}" plays media "${mediaId}" from ${config.mediaDir}/${mediaId}`);
    return 0;
  } finally {
    await handle.close();
  }
}

runScript('media:import', main);
