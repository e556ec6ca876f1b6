// The account's saved classes ("My list"), one actor for the whole app so every card, the class
// page and the player show the same "Saved" state. Loads the list when a user signs in (and when
// asked to refresh: another device may have changed it), forgets it on sign-out. Save toggles at
// once on screen, then asks the server; the answer reloads the list, and a refusal puts the
// class back as it was, with the reason shown. One change at a time: a toggle while one is
// being saved is ignored (the buttons say they are busy).
import { assign, setup } from 'xstate';
import type { ClassCard } from '@domain/catalog';
import { serverFailureNotice, type Notice } from '@domain/failure-notice';
import type { Outcome } from '@domain/request-outcome';
import { fromOutcome, outcomeGuards, outcomeOf } from './request-states';

export interface FavouriteChange {
  classId: string;
  saved: boolean;
}

export interface FavouritesContext {
  ids: string[];
  classes: ClassCard[];
  /** The change being saved. */
  pending: FavouriteChange | null;
  failure: Notice | null;
}

export type FavouritesEvent =
  | { type: 'session.changed'; signedIn: boolean }
  | { type: 'favourites.refresh' }
  | { type: 'favourite.toggle'; classId: string };

const empty: FavouritesContext = { ids: [], classes: [], pending: null, failure: null };

export const favouritesMachine = setup({
  types: {
    context: {} as FavouritesContext,
    events: {} as FavouritesEvent,
  },
  actors: {
    loadFavourites: fromOutcome<{ classes: ClassCard[] }>(),
    setFavourite: fromOutcome<{ saved: boolean }, FavouriteChange>(),
  },
  actions: {
    forget: assign(() => empty),
    takeList: assign((_, outcome: Outcome<{ classes: ClassCard[] }>) =>
      outcome.kind === 'ok' ? { classes: outcome.data.classes, ids: outcome.data.classes.map((card) => card.id), pending: null } : {},
    ),
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
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'setFavourite',
        input: ({ context }) => context.pending ?? { classId: '', saved: false },
        onDone: [
          { guard: { type: 'succeeded', params: outcomeOf }, target: 'loading' },
          { guard: { type: 'isQuiet', params: outcomeOf }, target: 'signedOut', actions: 'forget' },
          { target: 'ready', actions: ['revert', { type: 'showFailure', params: outcomeOf }] },
        ],
        onError: { target: 'ready', actions: ['revert', { type: 'showFailure', params: outcomeOf }] },
      },
    },
  },
});

export type FavouritesMachine = typeof favouritesMachine;
