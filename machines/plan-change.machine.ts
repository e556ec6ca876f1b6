// /billing/plan (docs/decisions/022): choose a plan, see what changes and what is charged now
// (the server's preview), confirm; then done (the new plan, or the downgrade scheduled for the
// renewal) or failed (the server's message; back to choosing). A scheduled downgrade can be
// undone from the choice. 'Back to billing' leaves for /billing.
import { assign, emit, fromPromise, setup } from 'xstate';
import type { Schemas } from '@domain/contract';
import { goTo, type Navigation } from '@domain/navigation';
import { noticeMessages, serverFailureNotice, successNotice } from '@domain/notices';
import type { Plan } from '@domain/plans';
import type { Outcome } from '@domain/request-outcome';
import { routes } from '@domain/routes';
import type { Subscription } from '@domain/subscriptions';
import { afterRequest, noticeShown, outcomeGuards, outcomeOf, showFailure, showingNotice, type NoticeContext } from './request-states';

export type PlanChangePreview = Schemas['PlanChangePreview'];
export type LoadPlanChangeOutput = Outcome<{ plans: Plan[]; subscription: Subscription | null }>;
export interface PlanChoiceInput {
  plan: string;
}
export type PreviewPlanChangeOutput = Outcome<{ preview: PlanChangePreview }>;
export type ChangePlanOutput = Outcome<{ subscription: Subscription; preview: PlanChangePreview }>;
export type UndoPlanChangeOutput = Outcome<{ subscription: Subscription }>;

export interface PlanChangeContext extends NoticeContext {
  plans: Plan[];
  subscription: Subscription | null;
  chosen: string | null;
  preview: PlanChangePreview | null;
}

export type PlanChangeEvent =
  | { type: 'plan.choose'; plan: string }
  | { type: 'preview.request' }
  | { type: 'change.confirm' }
  | { type: 'change.back' }
  | { type: 'schedule.undo' }
  | { type: 'billing.back' }
  | { type: 'notice.dismiss' };

const chosenPlan = ({ context }: { context: PlanChangeContext }): PlanChoiceInput => ({ plan: context.chosen ?? '' });

const choosingActions = {
  'plan.choose': { actions: 'choose' },
  'preview.request': { guard: 'canPreview', target: 'previewing' },
  'schedule.undo': { guard: 'hasScheduledChange', target: 'undoing' },
  'billing.back': { target: '#plan-change.leaving' },
} as const;

/** Just undone, nothing is left to undo: the choice without Undo. */
const afterUndoActions = {
  'plan.choose': choosingActions['plan.choose'],
  'preview.request': choosingActions['preview.request'],
  'billing.back': choosingActions['billing.back'],
} as const;

export const planChangeMachine = setup({
  types: {
    context: {} as PlanChangeContext,
    events: {} as PlanChangeEvent,
    emitted: {} as Navigation,
  },
  actors: {
    loadPlanChange: fromPromise<LoadPlanChangeOutput>(async () => ({ kind: 'unreachable' })),
    previewPlanChange: fromPromise<PreviewPlanChangeOutput, PlanChoiceInput>(async () => ({ kind: 'unreachable' })),
    changePlan: fromPromise<ChangePlanOutput, PlanChoiceInput>(async () => ({ kind: 'unreachable' })),
    undoPlanChange: fromPromise<UndoPlanChangeOutput>(async () => ({ kind: 'unreachable' })),
  },
  actions: {
    takeLoaded: assign((_, output: LoadPlanChangeOutput) =>
      output.kind === 'ok' ? { plans: output.data.plans, subscription: output.data.subscription } : {},
    ),
    choose: assign({ chosen: ({ context, event }) => (event.type === 'plan.choose' ? event.plan : context.chosen) }),
    takePreview: assign({ preview: ({ context }, output: PreviewPlanChangeOutput) => (output.kind === 'ok' ? output.data.preview : context.preview) }),
    takeChange: assign(({ context }, output: ChangePlanOutput) =>
      output.kind === 'ok' ? { subscription: output.data.subscription, preview: output.data.preview } : { preview: context.preview },
    ),
    takeUndo: assign({ subscription: ({ context }, output: UndoPlanChangeOutput) => (output.kind === 'ok' ? output.data.subscription : context.subscription) }),
    forgetPreview: assign({ preview: null }),
    toBilling: emit(() => goTo(routes.billing.href(), false)),
    showFailure: assign(({ context }, outcome: Outcome<unknown>) => noticeShown(context, serverFailureNotice(outcome))),
    showUndone: assign(({ context }) => noticeShown(context, successNotice(noticeMessages.planChangeUndone))),
    clearNotice: assign({ notice: null }),
  },
  guards: {
    ...outcomeGuards,
    canPreview: ({ context }) =>
      context.subscription !== null && context.chosen !== null && context.chosen !== context.subscription.plan_id,
    hasScheduledChange: ({ context }) => Boolean(context.subscription?.scheduled_change),
  },
  delays: {
    noticeDuration: 3000,
  },
}).createMachine({
  id: 'plan-change',
  context: { plans: [], subscription: null, chosen: null, preview: null, notice: null, scrollToTop: 0 },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadPlanChange',
        ...afterRequest({
          ok: { target: 'choosing', actions: { type: 'takeLoaded', params: outcomeOf } },
          quiet: { target: 'choosing' },
          failed: { target: 'failed', actions: showFailure },
        }),
      },
    },
    choosing: { on: choosingActions },
    previewing: {
      tags: ['busy'],
      invoke: {
        src: 'previewPlanChange',
        input: chosenPlan,
        ...afterRequest({
          ok: { target: 'confirming', actions: { type: 'takePreview', params: outcomeOf } },
          quiet: { target: 'choosing' },
          failed: { target: 'failed', actions: showFailure },
        }),
      },
    },
    confirming: {
      on: {
        'change.confirm': { target: 'changing' },
        'change.back': { target: 'choosing', actions: 'forgetPreview' },
        'billing.back': { target: 'leaving' },
      },
    },
    changing: {
      tags: ['busy'],
      invoke: {
        src: 'changePlan',
        input: chosenPlan,
        ...afterRequest({
          ok: { target: 'done', actions: { type: 'takeChange', params: outcomeOf } },
          quiet: { target: 'confirming' },
          failed: { target: 'failed', actions: showFailure },
        }),
      },
    },
    undoing: {
      tags: ['busy'],
      invoke: {
        src: 'undoPlanChange',
        ...afterRequest({
          ok: { target: 'undone', actions: [{ type: 'takeUndo', params: outcomeOf }, 'showUndone'] },
          quiet: { target: 'choosing' },
          failed: { target: 'failed', actions: showFailure },
        }),
      },
    },
    /** "Change undone" for 3 s, the choice open meanwhile. */
    undone: showingNotice('noticeDuration', 'choosing', afterUndoActions),
    /** The change is made (or scheduled): what it did, and the way back to billing. */
    done: { on: { 'billing.back': { target: 'leaving' } } },
    /** The server's message for 3 s; then the choice again (with the plans, when they loaded). */
    failed: showingNotice('noticeDuration', 'choosing', { 'billing.back': { target: 'leaving' } }),
    leaving: { type: 'final', entry: 'toBilling' },
  },
});

export type PlanChangeMachine = typeof planChangeMachine;
