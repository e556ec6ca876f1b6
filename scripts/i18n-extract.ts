// `npm run i18n:extract`: writes locales/en.json from the sources (English = the defaults),
// keeps every Spanish text in locales/es.json, and reports Spanish keys that are missing or
// no longer used. `-- --prune` removes the unused ones from es.json.
import { checkIds, extractMessages, readCatalogue, writeCatalogue } from './i18n-catalogue';

const prune = process.argv.includes('--prune');
const english = await extractMessages();
const badIds = checkIds(english);
if (badIds.length > 0) {
  console.error(`Messages without an explicit dotted id: ${badIds.join(', ')}`);
  process.exitCode = 1;
}
await writeCatalogue('en', english);

const spanish = await readCatalogue('es');
const missing = Object.keys(english).filter((id) => !(id in spanish));
const unused = Object.keys(spanish).filter((id) => !(id in english));
if (prune && unused.length > 0) {
  for (const id of unused) delete spanish[id];
  await writeCatalogue('es', spanish);
}

console.log(`locales/en.json: ${Object.keys(english).length} messages`);
if (missing.length > 0) {
  console.log(`es.json is missing ${missing.length}:`);
  for (const id of missing) console.log(`  ${id}: ${JSON.stringify(english[id])}`);
}
if (unused.length > 0) console.log(`es.json has ${unused.length} unused${prune ? ' (removed)' : ' (run with --prune)'}: ${unused.join(', ')}`);
if (missing.length > 0) process.exitCode = 1;
