// Model of /pricing (machines/pricing.machine.ts): load plans, choose one, start a checkout.
import { expect } from 'vitest';
import { pricingMachine } from '@machines/pricing.machine';
import type { Plan } from '@domain/plans';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused, textOf, unreachable } from './outcomes';

const plan = (id: string, position: number, popular: boolean): Plan => ({
  id,
  position,
  name: id[0]!.toUpperCase() + id.slice(1),
  amount: 999 + position * 400,
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
  inputs: [{ hasEmail: true }, { hasEmail: false }],
  events: {
    'plan.select': [{ type: 'plan.select', planId: 'basic' }, { type: 'plan.select', planId: 'nope' }],
    'plan.subscribe': [{ type: 'plan.subscribe' }, { type: 'plan.subscribe', planId: 'standard' }],
  },
  outputs: {
    loadPlans: [ok(plans), refused(400), refused(401), cancelled, unreachable],
    loadCurrentPlan: [ok({ planId: null }), ok({ planId: 'basic' }), refused(401), unreachable],
    subscribe: [
      ok({ url: 'http://127.0.0.1/sandbox/checkout/cs_sandbox_1' }),
      ok({ message: 'You already subscribe' }),
      refused(404),
      refused(401),
      crashed,
      cancelled,
    ],
  },
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
      expect(lastStarted('subscribe')?.input).toEqual({ plan: snapshot.context.chosen.id });
      expect(snapshot.context.chosen.id).toBe(snapshot.context.selectedId);
    },
    redirecting: ({ snapshot, emitted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(emitted).toEqual([{ type: 'navigate', external: 'http://127.0.0.1/sandbox/checkout/cs_sandbox_1' }]);
    },
  },
  after: {
    'done: loadPlans': ({ snapshot, event }) => {
      const out = event.output as { kind: string };
      // The popular plan is selected before the user chooses.
      if (out.kind === 'ok') expect(snapshot.context.selectedId).toBe('standard');
    },
    'done: loadCurrentPlan': ({ snapshot, event }) => {
      const out = event.output as { kind: string; data?: { planId: string | null } };
      expect(snapshot.context.currentPlanId).toBe(out.kind === 'ok' ? (out.data?.planId ?? null) : null);
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
