// /billing/plan (docs/decisions/022): choose a plan, see what changes and what is charged now
// (the server's preview), confirm; then done (the new plan, or the downgrade scheduled for the
// renewal) or failed (the server's message; back to choosing). A scheduled downgrade can be
// undone from the choice. 'Back to billing' leaves for /billing. Monthly or yearly is part of the
// choice (docs/decisions/066): the same plan at the other interval is a change too.
import { assign, emit, setup } from 'xstate';
import type { Schemas } from '@domain/contract';
import { goTo, type Navigation } from '@domain/navigation';
import { noticeMessages, serverFailureNotice, successNotice } from '@domain/notices';
import type { BillingCycle, Plan } from '@domain/plans';
import type { Outcome } from '@domain/request-outcome';
import { routes } from '@domain/routes';
import type { Subscription } from '@domain/subscriptions';
import { afterRequest, fromOutcome, noticeShown, outcomeGuards, outcomeOf, showFailure, showingNotice, type NoticeContext } from './request-states';

export type PlanChangePreview = Schemas['PlanChangePreview'];
export type LoadPlanChangeOutput = Outcome<{ plans: Plan[]; subscription: Subscription | null }>;
export interface PlanChoiceInput {
  plan: string;
  interval: BillingCycle;
}
export type PreviewPlanChangeOutput = Outcome<{ preview: PlanChangePreview }>;
export type ChangePlanOutput = Outcome<{ subscription: Subscription; preview: PlanChangePreview }>;
export type UndoPlanChangeOutput = Outcome<{ subscription: Subscription }>;

export interface PlanChangeContext extends NoticeContext {
  plans: Plan[];
  subscription: Subscription | null;
  chosen: string | null;
  /** The interval chosen; null: the subscription's own. */
  interval: BillingCycle | null;
  preview: PlanChangePreview | null;
}

export type PlanChangeEvent =
  | { type: 'plan.choose'; plan: string }
  | { type: 'interval.choose'; interval: BillingCycle }
  | { type: 'preview.request' }
  | { type: 'change.confirm' }
  | { type: 'change.back' }
  | { type: 'schedule.undo' }
  | { type: 'billing.back' }
  | { type: 'notice.dismiss' };

/** The interval a subscription bills (anything but yearly is monthly). */
export const intervalOf = (subscription: Subscription | null): BillingCycle => (subscription?.interval === 'year' ? 'year' : 'month');

/** The plan and interval chosen, each the subscription's own until chosen. */
export const chosenPlan = ({ context }: { context: PlanChangeContext }): PlanChoiceInput => ({
  plan: context.chosen ?? context.subscription?.plan_id ?? '',
  interval: context.interval ?? intervalOf(context.subscription),
});

const choosingActions = {
  'plan.choose': { actions: 'choose' },
  'interval.choose': { actions: 'chooseInterval' },
  'preview.request': { guard: 'canPreview', target: 'previewing' },
  'schedule.undo': { guard: 'hasScheduledChange', target: 'undoing' },
  'billing.back': { target: '#plan-change.leaving' },
} as const;

/** Just undone, nothing is left to undo: the choice without Undo. */
const afterUndoActions = {
  'plan.choose': choosingActions['plan.choose'],
  'interval.choose': choosingActions['interval.choose'],
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
    loadPlanChange: fromOutcome<{ plans: Plan[]; subscription: Subscription | null }>(),
    previewPlanChange: fromOutcome<{ preview: PlanChangePreview }, PlanChoiceInput>(),
    changePlan: fromOutcome<{ subscription: Subscription; preview: PlanChangePreview }, PlanChoiceInput>(),
    undoPlanChange: fromOutcome<{ subscription: Subscription }>(),
  },
  actions: {
    takeLoaded: assign((_, output: LoadPlanChangeOutput) =>
      output.kind === 'ok' ? { plans: output.data.plans, subscription: output.data.subscription } : {},
    ),
    choose: assign({ chosen: ({ context, event }) => (event.type === 'plan.choose' ? event.plan : context.chosen) }),
    chooseInterval: assign({ interval: ({ context, event }) => (event.type === 'interval.choose' ? event.interval : context.interval) }),
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
    canPreview: ({ context }) => {
      const { plan, interval } = chosenPlan({ context });
      return context.subscription !== null && (plan !== context.subscription.plan_id || interval !== intervalOf(context.subscription));
    },
    hasScheduledChange: ({ context }) => Boolean(context.subscription?.scheduled_change),
  },
  delays: {
    noticeDuration: 3000,
  },
}).createMachine({
  id: 'plan-change',
  context: { plans: [], subscription: null, chosen: null, interval: null, preview: null, notice: null, scrollToTop: 0 },
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
