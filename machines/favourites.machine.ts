// The account's saved classes ("My list"), one actor for the whole app so every card, the class
// page and the player show the same "Saved" state. Loads the list when a user signs in (and when
// asked to refresh: another device may have changed it), forgets it on sign-out. Save toggles at
// once on screen, then asks the server; the answer reloads the list, and a refusal puts the
// class back as it was, with the reason shown. A change that cannot be sent now (offline, no
// answer) stays as shown: the app keeps it on the device and sends it once the connection
// returns (src/features/favourites), and until then it is listed as waiting (`queued`), over
// whatever list the server gives. One change at a time: a toggle while one is being saved is
// ignored (the buttons say they are busy).
import { assign, setup } from 'xstate';
import type { ClassCard } from '@domain/catalog';
import { serverFailureNotice, type Notice } from '@domain/failure-notice';
import type { Outcome } from '@domain/request-outcome';
import { fromOutcome, outcomeGuards, outcomeOf } from './request-states';

export interface FavouriteChange {
  classId: string;
  saved: boolean;
}

/** What the app answers for a change: sent (the server's answer), or kept on the device to be sent later. */
export type SetFavouriteOutput = Outcome<{ saved: boolean; kept?: boolean }>;

export interface FavouritesContext {
  /** The saved classes as shown: the server's list with the changes waiting on the device over it. */
  ids: string[];
  classes: ClassCard[];
  /** The change being saved. */
  pending: FavouriteChange | null;
  failure: Notice | null;
  /** Changes kept on the device until they can be sent (the last one per class). */
  queued: FavouriteChange[];
}

export type FavouritesEvent =
  | { type: 'session.changed'; signedIn: boolean }
  | { type: 'favourites.refresh' }
  | { type: 'favourite.toggle'; classId: string }
  /** What waits on the device now (read at sign-in, and after each attempt to send it). */
  | { type: 'favourites.queued'; changes: FavouriteChange[] };

const empty: FavouritesContext = { ids: [], classes: [], pending: null, failure: null, queued: [] };

/** The ids with the waiting changes over them: saved ones first, unsaved ones gone. */
function withChanges(ids: string[], changes: FavouriteChange[]): string[] {
  const changed = new Set(changes.map((change) => change.classId));
  return [...changes.filter((change) => change.saved).map((change) => change.classId), ...ids.filter((id) => !changed.has(id))];
}

export const favouritesMachine = setup({
  types: {
    context: {} as FavouritesContext,
    events: {} as FavouritesEvent,
  },
  actors: {
    loadFavourites: fromOutcome<{ classes: ClassCard[] }>(),
    setFavourite: fromOutcome<{ saved: boolean; kept?: boolean }, FavouriteChange>(),
  },
  actions: {
    forget: assign(() => empty),
    takeList: assign(({ context }, outcome: Outcome<{ classes: ClassCard[] }>) =>
      outcome.kind === 'ok'
        ? { classes: outcome.data.classes, ids: withChanges(outcome.data.classes.map((card) => card.id), context.queued), pending: null }
        : {},
    ),
    takeQueued: assign(({ context, event }) => {
      if (event.type !== 'favourites.queued') return {};
      // A change sent meanwhile is in the server's list now, or will be at the next load.
      return { queued: event.changes, ids: withChanges(context.ids, event.changes) };
    }),
    /** The change stays as shown, kept on the device until it can be sent. */
    keep: assign(({ context }) => {
      const change = context.pending;
      if (!change) return {};
      return { pending: null, queued: [...context.queued.filter((c) => c.classId !== change.classId), change] };
    }),
    /** Sent: it no longer waits (a change kept before it for this class is replaced by it). */
    sent: assign(({ context }) => ({ queued: context.queued.filter((c) => c.classId !== context.pending?.classId) })),
    /** Shows the change at once. */
    toggle: assign(({ context, event }) => {
      if (event.type !== 'favourite.toggle') return {};
      const saved = !context.ids.includes(event.classId);
      return {
        pending: { classId: event.classId, saved },
        ids: saved ? [event.classId, ...context.ids] : context.ids.filter((id) => id !== event.classId),
        classes: saved ? context.classes : context.classes.filter((card) => card.id !== event.classId),
        failure: null,
      };
    }),
    /** Puts the class back as it was before the refused change. */
    revert: assign(({ context }) => {
      const change = context.pending;
      if (!change) return {};
      return { pending: null, ids: change.saved ? context.ids.filter((id) => id !== change.classId) : [change.classId, ...context.ids] };
    }),
    showFailure: assign({ failure: (_, outcome: Outcome<unknown>) => serverFailureNotice(outcome) }),
  },
  guards: {
    ...outcomeGuards,
    signedIn: (_, params: { signedIn: boolean }) => params.signedIn,
    keptOnDevice: (_, outcome: SetFavouriteOutput) => outcome.kind === 'ok' && outcome.data.kept === true,
  },
}).createMachine({
  id: 'favourites',
  context: empty,
  // The app tells it the session at once, and of every sign-in and sign-out after.
  initial: 'signedOut',
  on: {
    'session.changed': [
      { guard: { type: 'signedIn', params: ({ event }) => ({ signedIn: event.signedIn }) }, target: '.loading' },
      { target: '.signedOut', actions: 'forget' },
    ],
  },
  states: {
    signedOut: {},
    loading: {
      tags: ['loading'],
      on: {
        'favourites.queued': { actions: 'takeQueued' },
        // Something was sent meanwhile: this answer may predate it.
        'favourites.refresh': { target: 'loading', reenter: true },
      },
      invoke: {
        src: 'loadFavourites',
        onDone: [
          { guard: { type: 'succeeded', params: outcomeOf }, target: 'ready', actions: { type: 'takeList', params: outcomeOf } },
          { guard: { type: 'isQuiet', params: outcomeOf }, target: 'signedOut', actions: 'forget' },
          { target: 'ready', actions: { type: 'showFailure', params: outcomeOf } },
        ],
        onError: { target: 'ready', actions: { type: 'showFailure', params: outcomeOf } },
      },
    },
    ready: {
      on: {
        'favourite.toggle': { target: 'saving', actions: 'toggle' },
        'favourites.refresh': { target: 'loading' },
        'favourites.queued': { actions: 'takeQueued' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'setFavourite',
        input: ({ context }) => context.pending ?? { classId: '', saved: false },
        onDone: [
          { guard: { type: 'keptOnDevice', params: outcomeOf }, target: 'ready', actions: 'keep' },
          { guard: { type: 'succeeded', params: outcomeOf }, target: 'loading', actions: 'sent' },
          { guard: { type: 'isQuiet', params: outcomeOf }, target: 'signedOut', actions: 'forget' },
          { target: 'ready', actions: ['revert', { type: 'showFailure', params: outcomeOf }] },
        ],
        onError: { target: 'ready', actions: ['revert', { type: 'showFailure', params: outcomeOf }] },
      },
    },
  },
});

export type FavouritesMachine = typeof favouritesMachine;
