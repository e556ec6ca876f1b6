// The class page machine's actors in the app: one class, and adding it to the schedule.
import { fromCall } from '@app/call-actor';
import { implement } from '@app/flow';
import type { ClassDetailMachine } from '@machines/class-detail.machine';
import type { AddItemInput } from '@machines/schedule-add.machine';

export default implement<ClassDetailMachine>(({ api }) => ({ actors: { loadClass: fromCall(api.getClass), addItem: fromCall((input: AddItemInput, signal) => api.addScheduleItem(input, signal)) } }));
