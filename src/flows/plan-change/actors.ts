// The plan change machine's actors in the app: load, preview, change and undo.
import { fromCall } from '@lib/call-actor';
import { implement } from '@lib/flow';
import type { PlanChangeMachine } from '@machines/plan-change.machine';

export default implement<PlanChangeMachine>(({ api }) => ({
  actors: {
    loadPlanChange: fromCall((_, signal) => api.loadPlanChange(signal)),
    previewPlanChange: fromCall(api.previewPlanChange),
    changePlan: fromCall(api.changePlan),
    undoPlanChange: fromCall((_, signal) => api.undoPlanChange(signal)),
  },
}));
