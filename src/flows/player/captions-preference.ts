// The player's remembered captions (issue 40): the `preferences` actor of the player's video. It
// tells the video the captions this device kept for the account at once (a reload, offline play),
// then the account's own when the server answers (another device may have changed them); every
// change is kept here first, marked pending, and sent to the account, so one made offline
// reaches it the next time a class opens online. Keyed by account; by profile once profiles exist.
import { fromCallback } from 'xstate';
import type { Schemas } from '@domain/contract';
import type { Outcome } from '@domain/request-outcome';
import type { StoredPlayerPreferences } from '@lib/persistence';
import type { PreferencesCommand, PreferencesEvent } from '@machines/player-media';

type Preferences = Schemas['PlayerPreferences'];

export interface PreferencesDeps {
  /** The account signed in (its id), or null. */
  account: () => string | null;
  persistence: {
    readPlayerPreferences(account: string): StoredPlayerPreferences | null;
    writePlayerPreferences(account: string, preferences: StoredPlayerPreferences): void;
  };
  load: (signal?: AbortSignal) => Promise<Outcome<Preferences>>;
  save: (preferences: Preferences, signal?: AbortSignal) => Promise<Outcome<Preferences>>;
}

/** Only the languages the product has are kept (anything else is captions off). */
const captionsOf = (language: string | null): Preferences['captions'] => (language === 'en' || language === 'es' ? language : null);

export function preferencesActor({ account, persistence, load, save }: PreferencesDeps) {
  return fromCallback<PreferencesCommand, void>(({ sendBack, receive }) => {
    const owner = account();
    const controller = new AbortController();
    let changes = 0;
    const tell = (language: string | null) => sendBack({ type: 'captions.restore', language } satisfies PreferencesEvent);

    /** Sends this device's choice to the account; only the newest change clears `pending`. */
    const send = async (captions: Preferences['captions'], change: number) => {
      const outcome = await save({ captions }, controller.signal);
      if (owner && outcome.kind === 'ok' && change === changes) persistence.writePlayerPreferences(owner, { captions, pending: false });
    };

    const kept = owner ? persistence.readPlayerPreferences(owner) : null;
    if (kept) tell(kept.captions);
    if (owner && kept?.pending) void send(kept.captions, changes);
    else if (owner) {
      void load(controller.signal).then((outcome) => {
        // A change made here since wins over what the account said before it.
        if (outcome.kind !== 'ok' || changes > 0 || controller.signal.aborted) return;
        persistence.writePlayerPreferences(owner, { captions: outcome.data.captions, pending: false });
        if (outcome.data.captions !== (kept?.captions ?? null)) tell(outcome.data.captions);
      });
    }

    receive((command) => {
      changes += 1;
      if (!owner) return;
      const captions = captionsOf(command.language);
      persistence.writePlayerPreferences(owner, { captions, pending: true });
      void send(captions, changes);
    });
    return () => controller.abort();
  });
}
