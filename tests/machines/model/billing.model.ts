// Model of /billing (machines/billing.machine.ts): the subscription, payments, cancel (the cancel
// flow's child machine, faked here by how it ends: tests/machines/model/cancel-flow.model.ts walks it), reactivate, pause (months, confirm) and resume now, undo a scheduled plan change, and leaving for the payment-method portal and
// coming back with another card; a promotion code (decision 069: its child, faked here by what
// it tells the page; tests/machines/model/promotion-code.model.ts walks it) forwarded and applied.
import { expect } from 'vitest';
import { billingMachine } from '@machines/billing.machine';
import type { Subscription } from '@domain/subscriptions';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused, textOf, unreachable } from './outcomes';
import { friend10, held } from '../promotion-fixtures';

const trial: Subscription = {
  subscription_id: 'sub_sandbox_1',
  subscription_status: 'trialing',
  plan_id: 'standard',
  product_name: 'Standard',
  amount: 1399,
  currency: 'EUR',
  interval: 'month',
  interval_count: 1,
  created: '2025-01-01T00:00:00.000Z',
  current_period_start: '2025-01-01T00:00:00.000Z',
  current_period_end: '2025-01-08T00:00:00.000Z',
  trial_end: '2025-01-08T00:00:00.000Z',
  cancel_at_period_end: false,
  card: { brand: 'visa', exp_month: 12, exp_year: 2030 },
  cardlast4: '4242',
};
const cancelling: Subscription = { ...trial, cancel_at_period_end: true };
const downgrading: Subscription = { ...trial, scheduled_change: { plan_id: 'basic', product_name: 'Basic', interval: 'month', effective_at: trial.current_period_end } };
const active: Subscription = { ...trial, subscription_status: 'active', trial_end: null };
const paused: Subscription = { ...active, pause: { paused_from: active.current_period_end, resumes_at: '2025-04-08T00:00:00.000Z' } };
const halfOff: Subscription = { ...active, next_charge_percent_off: 50 };
const portalUrl = 'http://127.0.0.1/sandbox/portal/token';

export const model: MachineModel = {
  machine: billingMachine,
  events: {
    'tab.select': [
      { type: 'tab.select', tab: 'history' },
      { type: 'tab.select', tab: 'subscription' },
    ],
    'pause.months': [{ type: 'pause.months', months: 3 }],
    'code.submit': [{ type: 'code.submit', code: 'friend10' }],
    // The child answers the subscription as the server does: the one shown, now with the code.
    'promotion.applied': (snapshot) => {
      const current = snapshot.context.subscriptions[0] as Subscription | undefined;
      return [{ type: 'promotion.applied', discount: friend10, subscription: { ...(current ?? trial), discount: held(friend10, null) } }];
    },
  },
  errors: { promotionCode: [] },
  outputs: {
    promotionCode: [],
    loadBilling: [
      ok({ subscriptions: [trial], payments: [] }),
      ok({ subscriptions: [trial], payments: [], cardBeforePortal: 'visa:1881:01/2031' }),
      ok({ subscriptions: [cancelling], payments: [] }),
      ok({ subscriptions: [downgrading], payments: [] }),
      ok({ subscriptions: [active], payments: [] }),
      ok({ subscriptions: [paused], payments: [] }),
      ok({ subscriptions: [], payments: [] }),
      refused(400),
      refused(401),
      unreachable,
      cancelled,
    ],
    cancelFlow: [
      { result: 'kept' },
      { result: 'cancelled', subscription: cancelling },
      { result: 'halfOff', subscription: halfOff },
      { result: 'paused', subscription: paused },
      { result: 'failed', outcome: refused(409) },
    ],
    reactivateSubscription: [ok({ subscription: trial }), refused(409), refused(401), crashed, cancelled],
    undoScheduledChange: [ok({ subscription: trial }), refused(409), refused(401), crashed, cancelled],
    openPaymentPortal: [ok({ url: portalUrl }), refused(404), refused(401), crashed, cancelled],
    pauseSubscription: [ok({ subscription: paused }), refused(409), refused(401), crashed, cancelled],
    resumeSubscription: [ok({ subscription: active }), refused(409), crashed, cancelled],
  },
  ignore: ['scrollToTop'],
  simplePathsUpTo: 0,
  states: {
    loading: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(lastStarted('loadBilling')).toBeDefined();
    },
    'ready.idle': ({ snapshot }) => expect(snapshot.context.notice).toBeNull(),
    'ready.cancelFlow': ({ snapshot, lastStarted }) => {
      // The dialog runs the flow; the page itself is not busy, and only a cancellable subscription gets here.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(lastStarted('cancelFlow')?.input).toEqual({ subscriptionId: 'sub_sandbox_1' });
      expect(snapshot.context.subscriptions[0]?.cancel_at_period_end).toBe(false);
    },
    'ready.reactivating': ({ snapshot, lastStarted, previous }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('reactivateSubscription')?.input).toEqual({ subscriptionId: 'sub_sandbox_1' });
      // Only a subscription flagged to cancel at period end can be reactivated.
      expect(previous?.context.subscriptions[0]?.cancel_at_period_end).toBe(true);
    },
    'ready.undoingChange': ({ snapshot, lastStarted, previous }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('undoScheduledChange')).toBeDefined();
      // Only a subscription with a change scheduled has one to undo.
      expect(previous?.context.subscriptions[0]?.scheduled_change).toBeTruthy();
    },
    'ready.choosingPause': ({ snapshot, previous }) => {
      // Only an active subscription, not cancelling and not paused, offers a pause; nothing is sent yet.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(previous?.context.subscriptions[0]).toMatchObject({ subscription_status: 'active', cancel_at_period_end: false });
      expect(previous?.context.subscriptions[0]?.pause ?? null).toBeNull();
    },
    'ready.confirmingPause': ({ snapshot }) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect([1, 3]).toContain(snapshot.context.pauseMonths);
    },
    'ready.pausing': ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('pauseSubscription')?.input).toEqual({ subscriptionId: 'sub_sandbox_1', months: snapshot.context.pauseMonths });
    },
    'ready.resumingPause': ({ snapshot, lastStarted, previous }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('resumeSubscription')?.input).toEqual({ subscriptionId: 'sub_sandbox_1' });
      expect(previous?.context.subscriptions[0]?.pause).toBeTruthy();
    },
    'ready.openingPortal': ({ snapshot, lastStarted, previous, emitted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('openPaymentPortal')).toBeDefined();
      expect(previous?.context.subscriptions).toHaveLength(1);
      expect(emitted).toEqual([]);
    },
    redirecting: ({ snapshot, emitted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.status).toBe('done');
      expect(emitted).toEqual([{ type: 'navigate', external: portalUrl }]);
    },
    'ready.showingLoadError': ({ snapshot, pendingTimers }) => {
      expect(textOf(snapshot.context.notice)).toEqual(expect.any(String));
      expect(pendingTimers()).toEqual([1000]);
    },
    'ready.showingNotice': ({ snapshot, pendingTimers }) => {
      expect(textOf(snapshot.context.notice)).toEqual(expect.any(String));
      expect(pendingTimers()).toEqual([3000]);
    },
  },
  after: {
    'code.submit': ({ received, previous }) => {
      const current = previous?.context.subscriptions[0] as Subscription | undefined;
      // Forwarded with the subscription only while it can take a code: current, not cancelling, none yet.
      if (current && !current.cancel_at_period_end && !current.discount) {
        expect(received.at(-1)).toMatchObject({ id: 'promotionCode', event: { type: 'code.submit', code: 'friend10', target: { subscriptionId: 'sub_sandbox_1' } } });
      }
    },
    'promotion.applied': ({ snapshot, previous }) => {
      // The subscription shown is the one the server answered, with its discount; nothing else changes.
      expect(snapshot.context.subscriptions).toEqual(previous?.context.subscriptions.map((s: Subscription) => ({ ...s, discount: held(friend10, null) })));
      expect(snapshot.value).toEqual(previous?.value);
    },
    'tab.select': ({ snapshot, event }) => expect(snapshot.context.tab).toBe(event.tab),
    'done: cancelFlow': ({ snapshot, event, previous }) => {
      const out = event.output as { result: string };
      const notices: Record<string, string | null> = {
        kept: null,
        cancelled: 'Your subscription has been cancelled',
        halfOff: 'Done: 50 % off your next month',
        paused: 'Your subscription is paused',
        failed: 'The server says no (409)',
      };
      expect(textOf(snapshot.context.notice)).toBe(notices[out.result]);
      expect(snapshot.matches({ ready: out.result === 'kept' ? 'idle' : 'showingNotice' })).toBe(true);
      // The subscription changes only as the flow says: flagged, discounted or paused.
      const before = previous?.context.subscriptions[0] as Subscription;
      const after = snapshot.context.subscriptions[0] as Subscription;
      expect(after.cancel_at_period_end).toBe(out.result === 'cancelled' ? true : before.cancel_at_period_end);
      expect(after.next_charge_percent_off ?? null).toBe(out.result === 'halfOff' ? 50 : (before.next_charge_percent_off ?? null));
      expect(after.pause ?? null).toEqual(out.result === 'paused' ? paused.pause : (before.pause ?? null));
    },
    'done: reactivateSubscription': ({ snapshot, event }) => {
      const out = event.output as { kind: string; status?: number };
      if (out.kind === 'ok') {
        expect(textOf(snapshot.context.notice)).toBe('Your subscription will renew again');
        expect(snapshot.context.subscriptions[0].cancel_at_period_end).toBe(false);
      } else {
        expect(snapshot.context.subscriptions[0].cancel_at_period_end).toBe(true);
      }
      if (out.status === 409) expect(textOf(snapshot.context.notice)).toBe('The server says no (409)');
      if (out.kind === 'cancelled' || out.status === 401) expect(snapshot.matches({ ready: 'idle' })).toBe(true);
    },
    'done: openPaymentPortal': ({ snapshot, event }) => {
      const out = event.output as { kind: string; status?: number };
      expect(snapshot.matches('redirecting')).toBe(out.kind === 'ok');
      if (out.status === 404) expect(textOf(snapshot.context.notice)).toBe('The server says no (404)');
      if (out.kind === 'cancelled' || out.status === 401) expect(snapshot.matches({ ready: 'idle' })).toBe(true);
    },
    'subscription.reactivate': ({ snapshot, previous }) => {
      const current = previous?.context.subscriptions[0] as Subscription | undefined;
      expect(snapshot.matches({ ready: 'reactivating' })).toBe(Boolean(current?.cancel_at_period_end));
    },
    'done: undoScheduledChange': ({ snapshot, event }) => {
      const out = event.output as { kind: string };
      if (out.kind === 'ok') expect(textOf(snapshot.context.notice)).toBe('Change undone: your plan stays as it is');
      expect(Boolean(snapshot.context.subscriptions[0]?.scheduled_change)).toBe(out.kind !== 'ok');
    },
    'schedule.undo': ({ snapshot, previous }) => {
      const current = previous?.context.subscriptions[0] as Subscription | undefined;
      expect(snapshot.matches({ ready: 'undoingChange' })).toBe(Boolean(current?.scheduled_change));
    },
    'payment.update': ({ snapshot, previous }) => {
      expect(snapshot.matches({ ready: 'openingPortal' })).toBe(previous?.context.subscriptions.length === 1);
    },
    'subscription.cancel': ({ snapshot, previous }) => {
      const current = previous?.context.subscriptions[0] as Subscription | undefined;
      expect(snapshot.matches({ ready: 'cancelFlow' })).toBe(Boolean(current && !current.cancel_at_period_end));
    },
    'subscription.pause': ({ snapshot, previous }) => {
      const current = previous?.context.subscriptions[0] as Subscription | undefined;
      const pausable = current?.subscription_status === 'active' && !current.cancel_at_period_end && !current.pause;
      expect(snapshot.matches({ ready: 'choosingPause' })).toBe(Boolean(pausable) && !previous?.hasTag('busy'));
      if (snapshot.matches({ ready: 'choosingPause' })) expect(snapshot.context.pauseMonths).toBe(1);
    },
    'pause.months': ({ snapshot, previous }) => {
      if (previous?.matches({ ready: 'choosingPause' })) expect(snapshot.context.pauseMonths).toBe(3);
    },
    'pause.keep': ({ snapshot, previous }) => {
      if (previous?.matches({ ready: 'choosingPause' }) || previous?.matches({ ready: 'confirmingPause' })) expect(snapshot.matches({ ready: 'idle' })).toBe(true);
    },
    'pause.confirm': ({ snapshot, previous }) => {
      expect(snapshot.matches({ ready: 'pausing' })).toBe(Boolean(previous?.matches({ ready: 'confirmingPause' })));
    },
    'done: pauseSubscription': ({ snapshot, event }) => {
      const out = event.output as { kind: string; status?: number };
      if (out.kind === 'ok') {
        expect(textOf(snapshot.context.notice)).toBe('Your subscription is paused');
        expect(snapshot.context.subscriptions[0].pause).toEqual(paused.pause);
      } else {
        expect(snapshot.context.subscriptions[0].pause ?? null).toBeNull();
      }
      if (out.status === 409) expect(textOf(snapshot.context.notice)).toBe('The server says no (409)');
    },
    'pause.resume': ({ snapshot, previous }) => {
      const current = previous?.context.subscriptions[0] as Subscription | undefined;
      expect(snapshot.matches({ ready: 'resumingPause' })).toBe(Boolean(current?.pause) && !previous?.hasTag('busy'));
    },
    'done: resumeSubscription': ({ snapshot, event }) => {
      const out = event.output as { kind: string };
      if (out.kind === 'ok') expect(textOf(snapshot.context.notice)).toBe('Your subscription is running again');
      expect(Boolean(snapshot.context.subscriptions[0]?.pause)).toBe(out.kind !== 'ok');
    },
    'done: loadBilling': ({ snapshot, event }) => {
      const out = event.output as { kind: string; data?: { cardBeforePortal?: string } };
      if (out.data?.cardBeforePortal) {
        expect(textOf(snapshot.context.notice)).toBe('Your payment method was updated');
        expect(snapshot.matches({ ready: 'showingNotice' })).toBe(true);
      }
    },
  },
};
