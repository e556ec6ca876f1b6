// Model of /users (machines/checkout-return.machine.ts): confirm the checkout, then /success or /cancel.
import { expect } from 'vitest';
import { checkoutReturnMachine } from '@machines/checkout-return.machine';
import type { MachineModel } from './machine-model';
import { outcomes } from './outcomes';

export const model: MachineModel = {
  machine: checkoutReturnMachine,
  inputs: [
    { sessionId: 'cs_sandbox_1', deviceId: 'device-123456' },
    { sessionId: null, deviceId: 'device-123456' },
  ],
  outputs: { confirmCheckout: outcomes({ subscription: { subscription_id: 'sub_sandbox_1' } }) },
  states: {
    confirming: ({ snapshot, lastStarted }) => {
      expect(snapshot.hasTag('busy')).toBe(true);
      expect(lastStarted('confirmCheckout')?.input).toEqual({ customer: 'cs_sandbox_1', deviceId: 'device-123456' });
    },
    confirmed: ({ emitted }) => expect(emitted).toEqual([{ type: 'navigate', to: '/success', replace: true, fromCheckout: true }]),
    failed: ({ emitted }) => expect(emitted).toEqual([{ type: 'navigate', to: '/cancel', replace: true, fromCheckout: true }]),
    abandoned: ({ emitted }) => expect(emitted).toEqual([]),
    checking: () => {},
  },
  after: {
    'done: confirmCheckout': ({ snapshot, event }) => {
      const kind = (event.output as { kind: string; status?: number }).kind;
      const status = (event.output as { status?: number }).status;
      if (kind === 'ok') expect(snapshot.value).toBe('confirmed');
      else if (kind === 'cancelled' || status === 401) expect(snapshot.value).toBe('abandoned');
      else expect(snapshot.value).toBe('failed');
    },
    'error: confirmCheckout': ({ snapshot }) => expect(snapshot.value).toBe('failed'),
  },
};
