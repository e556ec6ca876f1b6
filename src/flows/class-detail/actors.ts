// The class page machine's actor in the app: one class.
import { fromCall } from '@app/call-actor';
import { implement } from '@app/flow';
import type { ClassDetailMachine } from '@machines/class-detail.machine';

export default implement<ClassDetailMachine>(({ api }) => ({ actors: { loadClass: fromCall(api.getClass) } }));
