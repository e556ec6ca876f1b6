// Model of the cancel flow (machines/cancel-flow.machine.ts, decision 068): a reason (and words),
// the offer the server says it brings (a pause, 50 % off, or none), accepting it or cancelling
// anyway, Back and Keep at each step, and how it ends for the billing page.
import { expect } from 'vitest';
import { cancelFlowMachine } from '@machines/cancel-flow.machine';
import type { Subscription } from '@domain/subscriptions';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused } from './outcomes';

const active: Subscription = {
  subscription_id: 'sub_1',
  subscription_status: 'active',
  plan_id: 'standard',
  product_name: 'Standard',
  amount: 1399,
  currency: 'EUR',
  interval: 'month',
  interval_count: 1,
  created: '2025-01-01T00:00:00.000Z',
  current_period_start: '2025-01-01T00:00:00.000Z',
  current_period_end: '2025-02-01T00:00:00.000Z',
  trial_end: null,
  cancel_at_period_end: false,
  card: null,
  cardlast4: null,
};
const answered = { subscription: active };
/** How a request's answer ends the flow: its result, kept when quiet (cancelled), else failed. */
const ending = (event: object, result: string) => {
  const kind = (event as { output: { kind: string } }).output.kind;
  return kind === 'ok' ? result : kind === 'cancelled' ? 'kept' : 'failed';
};
const ended = new Set(['kept', 'cancelled', 'halfOff', 'paused', 'failed']);

export const model: MachineModel = {
  machine: cancelFlowMachine,
  input: { subscriptionId: 'sub_1' },
  events: {
    'reason.choose': [
      { type: 'reason.choose', reason: 'unused' },
      { type: 'reason.choose', reason: 'too_expensive' },
      { type: 'reason.choose', reason: 'other' },
    ],
    'reason.text': [{ type: 'reason.text', text: ' Moving abroad ' }],
    'pause.months': [{ type: 'pause.months', months: 3 }],
  },
  outputs: {
    findCancelOffer: [ok({ offer: 'pause' }), ok({ offer: 'half_off' }), ok({ offer: null }), refused(401), crashed],
    cancelSubscription: [ok(answered), refused(409), cancelled],
    acceptHalfOff: [ok(answered), refused(409), cancelled],
    pauseSubscription: [ok(answered), refused(409), cancelled],
  },
  simplePathsUpTo: 0,
  states: {
    choosingReason: ({ snapshot }) => expect(snapshot.hasTag('busy')).toBe(false),
    findingOffer: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.reason).not.toBeNull();
      expect(lastStarted('findCancelOffer')?.input).toEqual({ subscriptionId: 'sub_1', reason: snapshot.context.reason });
    },
    offering: ({ snapshot }) => {
      // One offer, the one the server named (which reason brings which is the server's rule).
      expect(['pause', 'half_off']).toContain(snapshot.context.offer);
      expect(snapshot.hasTag('busy')).toBe(false);
    },
    confirming: ({ snapshot }) => expect(snapshot.context.offer).toBeNull(),
    acceptingHalfOff: ({ snapshot, lastStarted }) => {
      expect(snapshot.context.offer).toBe('half_off');
      const words = snapshot.context.text.trim();
      expect(lastStarted('acceptHalfOff')?.input).toEqual({ subscriptionId: 'sub_1', ...(words ? { text: words } : {}) });
    },
    pausing: ({ snapshot, lastStarted }) => {
      expect(snapshot.context.offer).toBe('pause');
      expect(lastStarted('pauseSubscription')?.input).toMatchObject({ subscriptionId: 'sub_1', months: snapshot.context.pauseMonths, cancelReason: 'unused' });
    },
    cancelling: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('cancelSubscription')?.input).toMatchObject({ subscriptionId: 'sub_1', reason: snapshot.context.reason });
    },
    done: ({ snapshot }) => {
      expect(snapshot.status).toBe('done');
      expect(ended.has((snapshot.output as { result: string }).result)).toBe(true);
    },
  },
  after: {
    'reason.next': ({ snapshot, previous }) => {
      expect(snapshot.matches('findingOffer')).toBe(previous?.context.reason !== null && previous?.matches('choosingReason'));
    },
    'cancel.keep': ({ snapshot, previous }) => {
      if (!previous?.hasTag('busy')) expect(snapshot.output).toEqual({ result: 'kept' });
    },
    'cancel.back': ({ snapshot, previous }) => {
      if (previous?.matches('offering') || previous?.matches('confirming')) expect(snapshot.matches('choosingReason')).toBe(true);
      expect(snapshot.context.reason).toBe(previous?.context.reason);
    },
    'done: cancelSubscription': ({ snapshot, event }) => expect(snapshot.output).toMatchObject({ result: ending(event, 'cancelled') }),
    'done: acceptHalfOff': ({ snapshot, event }) => expect(snapshot.output).toMatchObject({ result: ending(event, 'halfOff') }),
    'done: pauseSubscription': ({ snapshot, event }) => expect(snapshot.output).toMatchObject({ result: ending(event, 'paused') }),
  },
};
