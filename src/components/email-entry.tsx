// EmailEntry: the landing page's call to action ("Ready to watch?" and an email). It only
// reports the address: where it leads is the landing machine's decision. Before the app is up the
// form is the browser's: a GET to `action` with the address as `email`, where the machine would
// go too (docs/decisions/071); once hydrated, the app sends it.
import { useId, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { NATIVE_FORM } from '@lib/held-input';
import { useMessageText, type MessageLike } from './message-like';

const messages = defineMessages({
  prompt: {
    id: 'landing.email.prompt',
    defaultMessage: 'Ready to train? Enter your email to create or restart your membership.',
  },
  label: { id: 'landing.email.label', defaultMessage: 'Email address' },
  submit: { id: 'landing.email.submit', defaultMessage: 'Get Started' },
});

export interface EmailEntryProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (email: string) => void;
  /** Where the browser sends the address (as `email`) before the app is up: the page `onSubmit` leads to. */
  action: string;
  error?: MessageLike | null;
}

export function EmailEntry({ value, onChange, onSubmit, action, error }: EmailEntryProps) {
  const intl = useIntl();
  const text = useMessageText();
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(value.trim());
  };
  return (
    <form className="email-entry" action={action} method="get" onSubmit={submit} noValidate {...{ [NATIVE_FORM]: '' }}>
      <p className="email-entry__prompt">{intl.formatMessage(messages.prompt)}</p>
      <div className="email-entry__row">
        <label htmlFor={id} className="visually-hidden">
          {intl.formatMessage(messages.label)}
        </label>
        <input
          id={id}
          type="email"
          name="email"
          autoComplete="email"
          className="field__input email-entry__input"
          placeholder={intl.formatMessage(messages.label)}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <button type="submit" className="btn btn--primary email-entry__submit">
          {intl.formatMessage(messages.submit)} <span aria-hidden="true">›</span>
        </button>
      </div>
      <p id={`${id}-error`} className="field__error">{error ? text(error) : null}</p>
    </form>
  );
}
