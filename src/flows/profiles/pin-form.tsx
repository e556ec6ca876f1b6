// The PIN a locked profile asks before it is chosen: 4 digits in a labelled numeric field,
// focused as it appears; the rule's or the server's refusal (wrong PIN, tries left) under it.
import { useEffect, useRef, type ReactNode } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { ProfileAvatar } from '@components';
import { FieldFrame, fieldErrorId } from '@components/field-frame';
import type { MessageLike } from '@components/message-like';
import { PIN_LENGTH } from '@domain/profiles';
import type { Profile } from '@domain/session-user';

const headingMessage = defineMessage<{ name: string }>({ id: 'profiles.pin.heading', defaultMessage: "{name}'s PIN" });
const messages = defineMessages({
  label: { id: 'profiles.pin.label', defaultMessage: 'PIN (4 digits)' },
  submit: { id: 'profiles.pin.submit', defaultMessage: 'Continue' },
});

export interface PinFormProps {
  profile: Profile;
  pin: string;
  error: MessageLike | null;
  onChange: (value: string) => void;
  onSubmit: () => void;
  /** The way back to the profiles. */
  back: ReactNode;
}

export function PinForm({ profile, pin, error, onChange, onSubmit, back }: PinFormProps) {
  const intl = useIntl();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  // A refusal empties the field: the keyboard goes back to it for the next try.
  useEffect(() => {
    if (error) field.current?.focus();
  }, [error]);
  const id = 'profile-pin';
  return (
    <form
      className="stack profiles__pin"
      aria-labelledby="profile-pin-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <ProfileAvatar name={profile.name} image={profile.image} size="lg" />
      <h2 id="profile-pin-heading">{intl.formatMessage(headingMessage, { name: profile.name })}</h2>
      <FieldFrame id={id} label={intl.formatMessage(messages.label)} error={error}>
        <input
          id={id}
          ref={field}
          className="field__input profiles__pin-input"
          type="password"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={PIN_LENGTH}
          autoComplete="off"
          value={pin}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? fieldErrorId(id) : undefined}
          required
        />
      </FieldFrame>
      <div className="profiles__actions">
        <button type="submit" className="btn btn--primary">
          {intl.formatMessage(messages.submit)}
        </button>
        {back}
      </div>
    </form>
  );
}
