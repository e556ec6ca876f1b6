// Model of the promotion code field (machines/promotion-code.machine.ts, decision 069), the child
// of /pricing and Billing: a code typed (or spaces), checked, applied or refused, tried again,
// removed; a link's code checked at once.
import { expect } from 'vitest';
import { promotionCodeMachine } from '@machines/promotion-code.machine';
import { friend10 } from '../promotion-fixtures';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused, textOf, unreachable } from './outcomes';

const forPlan = { plan: 'standard', interval: 'year' as const };

export const model: MachineModel = {
  machine: promotionCodeMachine,
  inputs: [undefined, { code: ' welcome50 ', target: { plan: 'standard', interval: 'month' } }],
  events: {
    'code.submit': [
      { type: 'code.submit', code: ' friend10 ', target: forPlan },
      { type: 'code.submit', code: '   ', target: forPlan },
      { type: 'code.submit', code: 'Friend10', target: { subscriptionId: 'sub_1' } },
    ],
  },
  outputs: {
    submitPromotionCode: [ok({ discount: friend10 }), refused(404), refused(409), refused(429), refused(401), crashed, unreachable, cancelled],
  },
  simplePathsUpTo: 0,
  states: {
    empty: ({ snapshot }) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(snapshot.context.discount).toBeNull();
      expect(snapshot.context.refusal).toBeNull();
    },
    checking: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      // Sent as the server keeps it (trimmed, upper case), with what it is for.
      expect(lastStarted('submitPromotionCode')?.input).toEqual({ code: snapshot.context.code, ...snapshot.context.target });
      expect(snapshot.context.code).toMatch(/^(FRIEND10|WELCOME50)$/);
    },
    applied: ({ snapshot }) => {
      expect(snapshot.context.discount).toEqual(friend10);
      expect(snapshot.context.refusal).toBeNull();
    },
    refused: ({ snapshot }) => {
      expect(textOf(snapshot.context.refusal)).toEqual(expect.any(String));
      expect(snapshot.context.discount).toBeNull();
    },
  },
  after: {
    'done: submitPromotionCode': ({ snapshot, event, toParent }) => {
      const out = event.output as { kind: string; status?: number };
      if (out.kind === 'ok') expect(toParent).toEqual([{ type: 'promotion.applied', discount: friend10 }]);
      else expect(toParent).toEqual([]);
      // The server's own words, whatever the refusal (unknown, expired, used up, too many tries).
      if (out.kind === 'failed' && out.status !== 500 && out.status !== 401) expect(textOf(snapshot.context.refusal)).toBe(`The server says no (${out.status})`);
      // Cancelled, or the session lost: nothing to say, the field is empty again.
      if (out.kind === 'cancelled' || out.status === 401) expect(snapshot.matches('empty')).toBe(true);
    },
    'code.submit': ({ snapshot, previous, event }) => {
      const blank = String(event.code).trim() === '';
      if (blank) expect(snapshot.value).toEqual(previous?.value);
    },
    'code.remove': ({ snapshot, previous, toParent }) => {
      expect(snapshot.matches('empty')).toBe(true);
      expect(snapshot.context.code).toBe('');
      // Only an applied code was the parent's to forget.
      expect(toParent).toEqual(previous?.matches('applied') ? [{ type: 'promotion.removed' }] : []);
    },
  },
};
