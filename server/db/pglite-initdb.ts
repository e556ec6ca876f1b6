// Run as a child process by openPglite: creates an empty PGlite data directory (initdb) and
// exits. initdb needs about 700 MB that WebAssembly never gives back, so doing it here rather
// than in the server keeps the server's memory at what serving needs.
import { PGlite } from '@electric-sql/pglite';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-initdb <data dir>');
const db = await PGlite.create(dataDir);
await db.close();
