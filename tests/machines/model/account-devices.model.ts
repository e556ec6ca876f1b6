// Model of the account page's devices (machines/account-devices.machine.ts): signing one device
// out (its button busy meanwhile) or every other one, and what the page is told to drop.
import { expect } from 'vitest';
import { accountDevicesMachine, type AccountDevicesContext } from '@machines/account-devices.machine';
import type { MachineModel } from './machine-model';
import { cancelled, crashed, ok, refused, unreachable } from './outcomes';
import { toldBusy, toldEnd } from './task-reports';

const PHONE = '00000000-0000-4000-8000-000000000002';
const signingOut = (snapshot: { context: unknown }) => (snapshot.context as AccountDevicesContext).signingOut;

export const model: MachineModel = {
  machine: accountDevicesMachine,
  events: { 'device.signOut': [{ type: 'device.signOut', sessionId: PHONE }] },
  outputs: {
    signOutDevice: [ok({ message: 'Signed out.' }), refused(404), refused(401), unreachable, cancelled],
    signOutOthers: [ok({ message: 'Signed out.' }), refused(401), crashed, cancelled],
  },
  states: {
    idle: ({ snapshot }) => {
      expect(snapshot.hasTag('busy')).toBe(false);
      expect(signingOut(snapshot)).toBeNull();
    },
    signingOutDevice: (world) => {
      expect(world.lastStarted('signOutDevice')?.input).toEqual({ sessionId: PHONE });
      expect(signingOut(world.snapshot)).toBe(PHONE);
      toldBusy(world);
    },
    signingOutOthers: (world) => {
      expect(world.snapshot.hasTag('busy')).toBe(true);
      expect(signingOut(world.snapshot)).toBeNull();
      toldBusy(world);
    },
  },
  after: {
    'done: signOutDevice': toldEnd('That device has been signed out.', () => ({ dropDevice: PHONE })),
    'error: signOutDevice': toldEnd(''),
    'done: signOutOthers': toldEnd('Every other device has been signed out.', () => ({ keepThisDeviceOnly: true, feedLinkEnded: true })),
    'error: signOutOthers': toldEnd(''),
  },
};
