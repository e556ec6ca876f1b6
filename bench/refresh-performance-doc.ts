// `npx tsx bench/refresh-performance-doc.ts`: after an edit of bench/performance-notes.md, puts
// the notes into docs/performance.md and keeps the results of the last run written there.
import { readFile, writeFile } from 'node:fs/promises';
import { documentOf, notesFile, performanceDocFile, resultsOf } from './performance-doc';

const [notes, document] = await Promise.all([readFile(notesFile, 'utf8'), readFile(performanceDocFile, 'utf8')]);
await writeFile(performanceDocFile, documentOf(notes, resultsOf(document)));
console.log('docs/performance.md: the notes refreshed, the last run\'s results kept.');
