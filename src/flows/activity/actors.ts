// The activity machine's actors in the app: one contract call each.
import { fromCall } from '@lib/call-actor';
import { implement } from '@lib/flow';
import type { ActivityMachine } from '@machines/activity.machine';

export default implement<ActivityMachine>(({ api }) => ({
  actors: {
    loadActivity: fromCall((_, signal) => api.getActivity(signal)),
    loadHistory: fromCall(api.activityHistory),
    setGoal: fromCall(api.setWeeklyGoal),
    clearGoal: fromCall((_, signal) => api.clearWeeklyGoal(signal)),
  },
}));
