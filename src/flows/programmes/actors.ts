// The programmes list machine's actor in the app.
import { fromCall } from '@lib/call-actor';
import { implement } from '@lib/flow';
import type { ProgrammesMachine } from '@machines/programmes.machine';

export default implement<ProgrammesMachine>(({ api }) => ({ actors: { loadProgrammes: fromCall(api.listProgrammes) } }));
