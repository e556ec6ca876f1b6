// Model of /billing (machines/billing.machine.ts): the subscription, payments, cancel,
// reactivate (asking first before cancelling), undo a scheduled plan change, and leaving for the payment-method portal and
// coming back with another card.
import { expect } from 'vitest';
import { billingMachine } from '@machines/billing.machine';
import type { Subscription } from '@domain/subscriptions';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused, textOf, unreachable } from './outcomes';

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
const downgrading: Subscription = { ...trial, scheduled_change: { plan_id: 'basic', product_name: 'Basic', effective_at: trial.current_period_end } };
const portalUrl = 'http://127.0.0.1/sandbox/portal/token';

export const model: MachineModel = {
  machine: billingMachine,
  events: {
    'tab.select': [
      { type: 'tab.select', tab: 'history' },
      { type: 'tab.select', tab: 'subscription' },
    ],
  },
  outputs: {
    loadBilling: [
      ok({ subscriptions: [trial], payments: [] }),
      ok({ subscriptions: [trial], payments: [], cardBeforePortal: 'visa:1881:01/2031' }),
      ok({ subscriptions: [cancelling], payments: [] }),
      ok({ subscriptions: [downgrading], payments: [] }),
      ok({ subscriptions: [], payments: [] }),
      refused(400),
      refused(401),
      unreachable,
      cancelled,
    ],
    cancelSubscription: [ok({ subscription: cancelling }), refused(409), refused(401), crashed, cancelled],
    reactivateSubscription: [ok({ subscription: trial }), refused(409), refused(401), crashed, cancelled],
    undoScheduledChange: [ok({ subscription: trial }), refused(409), refused(401), crashed, cancelled],
    openPaymentPortal: [ok({ url: portalUrl }), refused(404), refused(401), crashed, cancelled],
  },
  ignore: ['scrollToTop'],
  simplePathsUpTo: 0,
  states: {
    loading: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(lastStarted('loadBilling')).toBeDefined();
    },
    'ready.idle': ({ snapshot }) => expect(snapshot.context.notice).toBeNull(),
    'ready.confirmingCancel': ({ snapshot, previous }) => {
      // Asking first: nothing is busy and nothing was sent.
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(previous?.context.subscriptions[0]?.cancel_at_period_end).toBe(false);
    },
    'ready.cancelling': ({ snapshot, lastStarted, previous }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('cancelSubscription')?.input).toEqual({ subscriptionId: 'sub_sandbox_1' });
      // Only a current subscription that is not already cancelling can be cancelled.
      expect(previous?.context.subscriptions[0]?.cancel_at_period_end).toBe(false);
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
    'tab.select': ({ snapshot, event }) => expect(snapshot.context.tab).toBe(event.tab),
    'done: cancelSubscription': ({ snapshot, event }) => {
      const out = event.output as { kind: string };
      if (out.kind === 'ok') {
        expect(textOf(snapshot.context.notice)).toBe('Your subscription has been cancelled');
        expect(snapshot.context.subscriptions[0].cancel_at_period_end).toBe(true);
      } else {
        expect(snapshot.context.subscriptions[0].cancel_at_period_end).toBe(false);
      }
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
      expect(snapshot.matches({ ready: 'confirmingCancel' })).toBe(Boolean(current && !current.cancel_at_period_end));
    },
    'cancel.keep': ({ snapshot, previous }) => {
      // Keeping it goes back to the subscription and starts nothing.
      if (previous?.matches({ ready: 'confirmingCancel' })) expect(snapshot.matches({ ready: 'idle' })).toBe(true);
      expect(snapshot.hasTag('busy')).toBe(Boolean(previous?.hasTag('busy')));
    },
    'cancel.confirm': ({ snapshot, previous }) => {
      expect(snapshot.matches({ ready: 'cancelling' })).toBe(Boolean(previous?.matches({ ready: 'confirmingCancel' })));
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
