// The programme page machine's actors in the app: load it, start, change its weekdays, pause, resume, leave.
import { fromCall } from '@lib/call-actor';
import { implement } from '@lib/flow';
import type { ProgrammeMachine } from '@machines/programme.machine';

export default implement<ProgrammeMachine>(({ api }) => ({
  actors: {
    loadProgramme: fromCall(api.getProgramme),
    startProgramme: fromCall(api.startProgramme),
    setProgrammeWeekdays: fromCall(api.setProgrammeWeekdays),
    pauseProgramme: fromCall(api.pauseProgramme),
    resumeProgramme: fromCall(api.resumeProgramme),
    leaveProgramme: fromCall(api.leaveProgramme),
  },
}));
