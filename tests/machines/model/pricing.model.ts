// Model of /pricing (machines/pricing.machine.ts): load plans, choose one and monthly or yearly,
// start a checkout; a promotion code (decision 069: its child, faked here by what it tells the
// page; tests/machines/model/promotion-code.model.ts walks it) forwarded, applied, removed, carried
// to the checkout, and a link's code handed to the child.
import { expect } from 'vitest';
import { pricingMachine } from '@machines/pricing.machine';
import type { Plan } from '@domain/plans';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused, textOf, unreachable } from './outcomes';
import { welcome50 } from '../promotion-fixtures';

const plan = (id: string, position: number, popular: boolean): Plan => ({
  id,
  position,
  name: id[0]!.toUpperCase() + id.slice(1),
  amount: 999 + position * 400,
  yearly_amount: (999 + position * 400) * 10,
  currency: 'EUR',
  interval: 'month',
  interval_count: 1,
  quality: 'HD',
  resolution: '720p',
  resolutionFull: '720p',
  simultaneousScreens: 1,
  downloads: 1,
  devices: ['TV'],
  popular,
});
// Sent out of tier order: the machine must sort them.
const plans = [plan('standard', 1, true), plan('basic', 0, false)];

export const model: MachineModel = {
  machine: pricingMachine,
  inputs: [{ hasEmail: true }, { hasEmail: false }, { hasEmail: true, code: ' welcome50 ' }],
  events: {
    'code.submit': [{ type: 'code.submit', code: 'welcome50' }],
    'promotion.applied': [{ type: 'promotion.applied', discount: welcome50 }],
    'plan.select': [{ type: 'plan.select', planId: 'basic' }, { type: 'plan.select', planId: 'nope' }],
    'plan.subscribe': [{ type: 'plan.subscribe' }, { type: 'plan.subscribe', planId: 'standard' }],
    'interval.select': [{ type: 'interval.select', interval: 'year' }, { type: 'interval.select', interval: 'month' }],
  },
  outputs: {
    loadPlans: [ok(plans), refused(400), refused(401), cancelled, unreachable],
    loadCurrentPlan: [ok({ planId: null }), ok({ planId: 'basic' }), refused(401), unreachable],
    promotionCode: [],
    subscribe: [
      ok({ url: 'http://127.0.0.1/sandbox/checkout/cs_sandbox_1' }),
      ok({ message: 'You already subscribe' }),
      refused(404),
      refused(401),
      crashed,
      cancelled,
    ],
  },
  errors: { promotionCode: [] },
  ignore: ['scrollToTop'],
  simplePathsUpTo: 0,
  states: {
    loading: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(lastStarted('loadPlans')).toBeDefined();
    },
    ready: ({ snapshot }) => {
      const ids = snapshot.context.plans.map((p: Plan) => p.id);
      expect(ids).toEqual(ids.length ? ['basic', 'standard'] : []);
      if (ids.length) expect(ids).toContain(snapshot.context.selectedId);
    },
    loadingCurrentPlan: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(snapshot.context.plans).not.toEqual([]);
      expect(lastStarted('loadCurrentPlan')).toBeDefined();
    },
    'ready.idle': ({ snapshot }) => expect(snapshot.context.notice).toBeNull(),
    'ready.showingNotice': ({ snapshot, pendingTimers }) => {
      expect(textOf(snapshot.context.notice)).toEqual(expect.any(String));
      expect(pendingTimers()).toEqual([3000]);
    },
    'ready.subscribing': ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(snapshot.context.hasEmail).toBe(true);
      const { chosen, interval, selectedId } = snapshot.context;
      // The code applied goes with the checkout; none, no promotion_code at all.
      const { promotion } = snapshot.context;
      expect(lastStarted('subscribe')?.input).toEqual({ plan: chosen.id, interval, ...(promotion ? { promotion_code: 'WELCOME50' } : {}) });
      expect(chosen.id).toBe(selectedId);
      // The chosen plan as checked out: at the interval picked, yearly for 10 monthly prices.
      const listed = snapshot.context.plans.find((p: Plan) => p.id === chosen.id);
      expect(chosen).toMatchObject(interval === 'year' ? { interval: 'year', amount: listed.amount * 10 } : { interval: 'month', amount: listed.amount });
    },
    redirecting: ({ snapshot, emitted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(emitted).toEqual([{ type: 'navigate', external: 'http://127.0.0.1/sandbox/checkout/cs_sandbox_1' }]);
    },
  },
  after: {
    'code.submit': ({ snapshot, received, previous }) => {
      const last = received.at(-1);
      // Forwarded with the plan selected and the interval, unless the account already subscribes.
      if (previous?.context.currentPlanId === null && previous?.context.selectedId !== null) {
        expect(last).toMatchObject({ id: 'promotionCode', event: { type: 'code.submit', code: 'welcome50', target: { plan: snapshot.context.selectedId, interval: snapshot.context.interval } } });
      }
    },
    'promotion.applied': ({ snapshot }) => expect(snapshot.context.promotion).toEqual(welcome50),
    'promotion.removed': ({ snapshot }) => expect(snapshot.context.promotion).toBeNull(),
    'interval.select': ({ snapshot, previous }) => expect(snapshot.context.promotion).toEqual(previous?.context.promotion),
    'done: loadCurrentPlan': ({ snapshot, event, lastStarted }) => {
      const out = event.output as { kind: string; data?: { planId: string | null } };
      expect(snapshot.context.currentPlanId).toBe(out.kind === 'ok' ? (out.data?.planId ?? null) : null);
      // A link's code is checked for the plan selected, unless the account already subscribes.
      const wanted = snapshot.context.startCode && snapshot.context.currentPlanId === null ? { code: 'welcome50', target: { plan: 'standard', interval: 'month' } } : {};
      expect(lastStarted('promotionCode')?.input).toEqual(wanted);
    },
    'done: loadPlans': ({ snapshot, event }) => {
      const out = event.output as { kind: string };
      // The popular plan is selected before the user chooses.
      if (out.kind === 'ok') expect(snapshot.context.selectedId).toBe('standard');
    },
    'plan.subscribe': ({ snapshot, previous }) => {
      // A subscriber has nothing to start here (their plan is marked 'Current plan').
      if (snapshot.context.currentPlanId !== null) expect(snapshot.matches({ ready: 'subscribing' })).toBe(false);
      if (!snapshot.context.hasEmail) {
        expect(snapshot.matches({ ready: 'subscribing' })).toBe(false);
        expect(snapshot.context.notice).toEqual(previous?.context.notice);
      }
    },
    'done: subscribe': ({ snapshot, event }) => {
      const out = event.output as { kind: string; status?: number; data?: { message?: string } };
      if (out.kind === 'ok' && out.data?.message) {
        expect(textOf(snapshot.context.notice)).toBe('You already subscribe');
        // Nothing was bought: information, not a success.
        expect(snapshot.context.notice.tone).toBe('info');
      }
      if (out.kind === 'cancelled' || out.status === 401) expect(snapshot.matches({ ready: 'idle' })).toBe(true);
      if (out.status === 404) expect(textOf(snapshot.context.notice)).toContain('The server says no');
    },
  },
};
