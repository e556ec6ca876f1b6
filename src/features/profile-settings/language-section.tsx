// The language section of /account and /settings, a view of the account-language child machine:
// the profile's language (of the app and of the emails about it), busy while it is saved.
import { defineMessages, useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Card } from '@components';
import { NoticeBanner } from '@components/notice-banner';
import type { Notice } from '@domain/notices';
import type { AccountLanguageEvent, AccountLanguageMachine } from '@machines/account-language.machine';
import type { AccountLanguage } from '@machines/account-task';

const messages = defineMessages({
  title: { id: 'account.language.title', defaultMessage: 'Language' },
  label: { id: 'account.language.label', defaultMessage: 'Language of the app and of our emails' },
});

export function LanguageSection({
  actor,
  language,
  send,
  notice,
  onDismiss,
}: {
  actor: ActorRefFrom<AccountLanguageMachine> | undefined;
  /** The language the profile speaks now. */
  language: AccountLanguage;
  send: (event: AccountLanguageEvent) => void;
  /** How this section's last request ended (its own banner, under its controls). */
  notice: Notice | null;
  onDismiss: () => void;
}) {
  const intl = useIntl();
  const saving = useSelector(actor, (task) => task?.matches('saving') ?? false);
  return (
    <Card as="section" aria-labelledby="account-language" className="account__section">
      <h2 id="account-language">{intl.formatMessage(messages.title)}</h2>
      <label className="field__label" htmlFor="account-language-select">
        {intl.formatMessage(messages.label)}
      </label>
      {/* Language names are autonyms (each in its own language), so they are not messages. */}
      <select
        id="account-language-select"
        className="field__input account__language"
        value={language}
        disabled={saving}
        aria-busy={saving || undefined}
        onChange={(event) => send({ type: 'language.select', language: event.target.value as AccountLanguage })}
      >
        <option value="en" lang="en">English</option>
        <option value="es" lang="es">Español</option>
      </select>
      <NoticeBanner notice={notice} onDismiss={onDismiss} reserveSpace={false} />
    </Card>
  );
}
