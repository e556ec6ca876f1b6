// The household's profiles as the client sees them: the PIN's rule, what a refused choice
// means (its `code`, docs/decisions/001-api-errors-and-statuses.md), and the picker's own lines.
import { defineMessages } from '@formatjs/intl';
import type { Outcome } from './request-outcome';
import type { Profile } from './session-user';

export type { Profile };

/** A PIN is exactly this many digits. */
export const PIN_LENGTH = 4;

export const profileMessages = defineMessages({
  pinIncomplete: { id: 'profiles.pin.incomplete', defaultMessage: 'Enter the 4 digits of the PIN.' },
});

/** What the user typed, kept to digits and at most a PIN's length. */
export const pinDigits = (value: string): string => value.replace(/\D/g, '').slice(0, PIN_LENGTH);

export const isCompletePin = (value: string): boolean => new RegExp(`^\\d{${PIN_LENGTH}}$`).test(value);

/**
 * Why the server refused to choose a profile, when it is about the PIN or the profile itself:
 * 'pin' (none sent, wrong, or malformed: ask again), 'locked' (5 wrong tries: 15 minutes),
 * 'gone' (deleted meanwhile); null for any other failure.
 */
export function choiceRefusal(outcome: Outcome<unknown>): 'pin' | 'locked' | 'gone' | null {
  if (outcome.kind !== 'failed') return null;
  const code = outcome.body?.code;
  if (code === 'profiles.pinLocked') return 'locked';
  if (code === 'profiles.pinRequired' || code === 'profiles.wrongPin' || code === 'validation.pin.invalid') return 'pin';
  if (code === 'profiles.notFound' || outcome.status === 404) return 'gone';
  return null;
}

/** The letter an avatar without a picture shows. */
export const initialOf = (name: string): string => (name.trim()[0] ?? '?').toLocaleUpperCase();

/** Where a profile's picture is served. */
export const profileImageUrl = (image: string): string => `/uploads/${encodeURIComponent(image)}`;
