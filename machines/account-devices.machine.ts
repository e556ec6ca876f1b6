// The account page's devices, a child of machines/account.machine.ts: sign out one other device
// (its button busy meanwhile) or every other device; on success the page drops them from its
// list. Which device may be signed out is the page's to decide: it holds the list.
import { assertEvent, assign, setup } from 'xstate';
import { accountNotices } from '@domain/account-notices';
import type { Outcome } from '@domain/request-outcome';
import { taskReports, taskRequest } from './account-task';
import { fromOutcome, outcomeGuards } from './request-states';

export interface SignOutDeviceInput {
  sessionId: string;
}
export type SignOutDeviceOutput = Outcome<{ message: string }>;
export type SignOutOthersOutput = Outcome<{ message: string }>;

export interface AccountDevicesContext {
  /** The device being signed out (its button shows busy). */
  signingOut: string | null;
}

export type AccountDevicesEvent = { type: 'device.signOut'; sessionId: string } | { type: 'devices.signOutOthers' };

export const accountDevicesMachine = setup({
  types: { context: {} as AccountDevicesContext, events: {} as AccountDevicesEvent },
  actors: {
    signOutDevice: fromOutcome<{ message: string }, SignOutDeviceInput>(),
    signOutOthers: fromOutcome<{ message: string }>(),
  },
  actions: {
    ...taskReports<AccountDevicesContext, AccountDevicesEvent>(),
    rememberDevice: assign(({ event }) => {
      assertEvent(event, 'device.signOut');
      return { signingOut: event.sessionId };
    }),
    forgetDevice: assign({ signingOut: null }),
  },
  guards: outcomeGuards,
}).createMachine({
  id: 'accountDevices',
  context: { signingOut: null },
  initial: 'idle',
  states: {
    // Leaving a sign-out frees its button (entering here: its report has read the device).
    idle: {
      entry: 'forgetDevice',
      on: {
        'device.signOut': { target: 'signingOutDevice', actions: 'rememberDevice' },
        'devices.signOutOthers': { target: 'signingOutOthers' },
      },
    },
    signingOutDevice: taskRequest({
      request: { src: 'signOutDevice', input: ({ context }: { context: AccountDevicesContext }) => ({ sessionId: context.signingOut ?? '' }) },
      then: 'idle',
      actions: [],
      done: {
        type: 'tellDone',
        params: ({ context }: { context: AccountDevicesContext }) => ({ message: accountNotices.deviceSignedOut, change: { dropDevice: context.signingOut ?? '' } }),
      },
    }),
    signingOutOthers: taskRequest({
      request: { src: 'signOutOthers' },
      then: 'idle',
      actions: [],
      done: { type: 'tellDone', params: { message: accountNotices.otherDevicesSignedOut, change: { keepThisDeviceOnly: true, feedLinkEnded: true } } },
    }),
  },
});

export type AccountDevicesMachine = typeof accountDevicesMachine;
