// What's new after a release: the newest changelog entry, shown once per version to a signed-in
// user. A device that has never recorded a version (its first visit) records the current one
// without a word, so a new device or a new member gets no news of a release they did not miss;
// one that last saw an older version waits for a signed-in user, opens, and records the
// version as it opens, so it never shows twice. Visitors never see it. The app provides
// `rememberVersion` (the device's storage) and tells it of sign-in and sign-out.
import { assign, setup } from 'xstate';

export interface WhatsNewInput {
  /** The newest release's version (domain/changelog.ts). */
  version: string;
  /** The version this device last recorded, or null on its first visit. */
  lastSeen: string | null;
  signedIn: boolean;
}

export type WhatsNewEvent = { type: 'session.changed'; signedIn: boolean } | { type: 'whatsNew.close' };

const remember = { type: 'rememberVersion', params: ({ context }: { context: WhatsNewInput }) => context.version } as const;

export const whatsNewMachine = setup({
  types: {
    context: {} as WhatsNewInput,
    events: {} as WhatsNewEvent,
    input: {} as WhatsNewInput,
  },
  actions: {
    /** Record the version as seen on this device (provided by the app). */
    rememberVersion: (_, _version: string) => {},
    setSignedIn: assign({ signedIn: ({ event }) => (event.type === 'session.changed' ? event.signedIn : false) }),
  },
  guards: {
    firstVisit: ({ context }) => context.lastSeen === null,
    seen: ({ context }) => context.lastSeen === context.version,
    signedIn: ({ context }) => context.signedIn,
    signedOut: ({ event }) => event.type === 'session.changed' && !event.signedIn,
  },
}).createMachine({
  id: 'whatsNew',
  context: ({ input }) => ({ ...input }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'firstVisit', target: 'done', actions: remember }, { guard: 'seen', target: 'done' }, { target: 'waiting' }],
    },
    waiting: {
      always: { guard: 'signedIn', target: 'open' },
      on: { 'session.changed': { actions: 'setSignedIn' } },
    },
    open: {
      entry: remember,
      on: {
        'whatsNew.close': { target: 'done' },
        // Signing out takes the dialog away with the signed-in page; it was recorded as it opened.
        'session.changed': { guard: 'signedOut', target: 'done', actions: 'setSignedIn' },
      },
    },
    done: { type: 'final' },
  },
});

export type WhatsNewMachine = typeof whatsNewMachine;
