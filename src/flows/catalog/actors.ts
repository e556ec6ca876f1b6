// The catalog machine's actor in the app: one page of classes.
import { fromCall } from '@lib/call-actor';
import { implement } from '@lib/flow';
import type { CatalogMachine } from '@machines/catalog.machine';

export default implement<CatalogMachine>(({ api }) => ({ actors: { loadClasses: fromCall(api.listClasses) } }));
