// The class page machine's actors in the app: one class, and adding it to the schedule.
import { fromCall } from '@lib/call-actor';
import { implement } from '@lib/flow';
import type { ClassDetailMachine } from '@machines/class-detail.machine';
import { addToScheduleActors } from '@features/schedule';

export default implement<ClassDetailMachine>(({ api }) => ({ actors: { loadClass: fromCall(api.getClass), ...addToScheduleActors(api) } }));
