// The Profiles section's forms on /account (profiles-section.tsx): adding or editing a profile
// (name, picture through the shared image picker, language) and its PIN (set or change, or
// remove, with the account's password). Views of the account-profiles machine: the first field
// takes focus when a form opens, so keyboard users land in it.
import { useEffect, useRef, type FormEvent } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Button, ImagePicker, PasswordField, TextField } from '@components';
import { ruleMessage } from '@components/rule-message';
import type { AccountEvent, Profile } from '@machines/account.machine';
import type { AccountProfilesMachine, ProfileLanguage } from '@machines/account-profiles.machine';

const messages = defineMessages({
  addTitle: { id: 'account.profiles.form.addTitle', defaultMessage: 'Add a profile' },
  name: { id: 'account.profiles.form.name', defaultMessage: 'Name' },
  picture: { id: 'account.profiles.form.picture', defaultMessage: 'Picture (optional)' },
  pictureAlt: { id: 'account.profiles.form.pictureAlt', defaultMessage: 'The profile’s picture' },
  language: { id: 'account.profiles.form.language', defaultMessage: 'Language of the app for this profile' },
  add: { id: 'account.profiles.form.add', defaultMessage: 'Add profile' },
  save: { id: 'account.profiles.form.save', defaultMessage: 'Save profile' },
  cancel: { id: 'account.profiles.form.cancel', defaultMessage: 'Cancel' },
  pinText: {
    id: 'account.profiles.pin.text',
    defaultMessage: 'A PIN of 4 digits is asked before anyone switches into this profile. Saving or removing it also lifts a lock left by wrong PINs.',
  },
  pin: { id: 'account.profiles.pin.pin', defaultMessage: 'New PIN (4 digits)' },
  password: { id: 'account.profiles.pin.password', defaultMessage: 'Your account password' },
  savePin: { id: 'account.profiles.pin.save', defaultMessage: 'Save PIN' },
  removePin: { id: 'account.profiles.pin.remove', defaultMessage: 'Remove PIN' },
});

/** Messages with a value (typed, so the value cannot be forgotten). */
const withValues = {
  editTitle: defineMessage<{ name: string }>({ id: 'account.profiles.form.editTitle', defaultMessage: 'Edit {name}' }),
  pinTitle: defineMessage<{ name: string }>({ id: 'account.profiles.pin.title', defaultMessage: 'PIN for {name}' }),
};

/** Language names are autonyms (each in its own language), so they are not messages. */
export const LANGUAGE_NAMES = { en: 'English', es: 'Español' } as const;

type Props = { actor: ActorRefFrom<AccountProfilesMachine> | undefined; send: (event: AccountEvent) => void };

const submitted = (send: () => void) => (event: FormEvent) => {
  event.preventDefault();
  send();
};

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** The first field takes focus when the form opens (once). */
function useFocusOnOpen() {
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  return first;
}

/** Add (profile null) or edit a profile. */
export function ProfileForm({ actor, send, profile }: Props & { profile: Profile | null }) {
  const intl = useIntl();
  const first = useFocusOnOpen();
  const form = useSelector(actor, (task) =>
    task
      ? {
          draft: task.context.draft,
          errors: task.context.errors,
          uploading: task.matches({ ready: { adding: 'uploading' } }) || task.matches({ ready: { editing: 'uploading' } }),
          busy: task.hasTag('busy'),
        }
      : null,
  );
  if (!form) return null;
  const { draft, errors } = form;
  const id = profile ? `profile-${profile.id}` : 'profile-new';
  const title = profile ? intl.formatMessage(withValues.editTitle, { name: profile.name }) : intl.formatMessage(messages.addTitle);
  const pick = (file: File) =>
    readAsDataUrl(file).then(
      (preview) => send({ type: 'profileImage.pick', file, fileName: file.name, preview }),
      () => send({ type: 'profileImage.pick', file, fileName: file.name, preview: '' }),
    );
  return (
    <form noValidate className="household__form" aria-labelledby={`${id}-title`} aria-busy={form.busy || undefined} onSubmit={submitted(() => send({ type: 'profileForm.submit' }))}>
      <h3 id={`${id}-title`}>{title}</h3>
      <TextField
        id={`${id}-name`}
        inputRef={first}
        label={intl.formatMessage(messages.name)}
        value={draft.name}
        error={ruleMessage(errors.name)}
        autoComplete="off"
        required
        onChange={(value) => send({ type: 'profileForm.change', field: 'name', value })}
      />
      <ImagePicker
        id={`${id}-image`}
        label={intl.formatMessage(messages.picture)}
        src={draft.preview || (draft.image ? `/uploads/${draft.image}` : null)}
        previewAlt={intl.formatMessage(messages.pictureAlt)}
        onPick={(file) => void pick(file)}
        onDelete={() => send({ type: 'profileImage.remove' })}
        busy={form.uploading}
        error={ruleMessage(errors.image)}
      />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-language`}>
          {intl.formatMessage(messages.language)}
        </label>
        <select
          id={`${id}-language`}
          className="field__input account__language"
          value={draft.language}
          onChange={(event) => send({ type: 'profileForm.change', field: 'language', value: event.target.value })}
        >
          {(Object.keys(LANGUAGE_NAMES) as ProfileLanguage[]).map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
      </div>
      <div className="account__dialog-buttons">
        <Button variant="secondary" disabled={form.busy && !form.uploading} onClick={() => send({ type: 'profiles.cancel' })}>
          {intl.formatMessage(messages.cancel)}
        </Button>
        <Button type="submit" busy={form.busy && !form.uploading} disabled={form.uploading}>
          {intl.formatMessage(profile ? messages.save : messages.add)}
        </Button>
      </div>
    </form>
  );
}

/** Set, change or remove a profile's PIN, with the account's password. */
export function PinForm({ actor, send, profile }: Props & { profile: Profile }) {
  const intl = useIntl();
  const first = useFocusOnOpen();
  const form = useSelector(actor, (task) => (task ? { draft: task.context.draft, errors: task.context.errors, busy: task.hasTag('busy') } : null));
  if (!form) return null;
  const { draft, errors, busy } = form;
  const id = `pin-${profile.id}`;
  return (
    <form noValidate className="household__form" aria-labelledby={`${id}-title`} aria-busy={busy || undefined} onSubmit={submitted(() => send({ type: 'profileForm.submit' }))}>
      <h3 id={`${id}-title`}>{intl.formatMessage(withValues.pinTitle, { name: profile.name })}</h3>
      <p className="account__hint">{intl.formatMessage(messages.pinText)}</p>
      {/* Digits, hidden as typed: a password field the browser does not offer to save. */}
      <PasswordField
        id={`${id}-pin`}
        inputRef={first}
        autoComplete="new-password"
        label={intl.formatMessage(messages.pin)}
        value={draft.pin}
        error={ruleMessage(errors.pin)}
        onChange={(value) => send({ type: 'profileForm.change', field: 'pin', value })}
      />
      <PasswordField
        id={`${id}-password`}
        autoComplete="current-password"
        label={intl.formatMessage(messages.password)}
        value={draft.password}
        error={ruleMessage(errors.password)}
        onChange={(value) => send({ type: 'profileForm.change', field: 'password', value })}
      />
      <div className="account__dialog-buttons">
        <Button variant="secondary" disabled={busy} onClick={() => send({ type: 'profiles.cancel' })}>
          {intl.formatMessage(messages.cancel)}
        </Button>
        {profile.locked ? (
          <Button variant="danger" disabled={busy} onClick={() => send({ type: 'profilePin.remove' })}>
            {intl.formatMessage(messages.removePin)}
          </Button>
        ) : null}
        <Button type="submit" busy={busy}>
          {intl.formatMessage(messages.savePin)}
        </Button>
      </div>
    </form>
  );
}
