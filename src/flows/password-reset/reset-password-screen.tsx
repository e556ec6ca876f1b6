// /reset-password?token=…: a view of the password-reset machine choosing the new password with
// the emailed link. A used, expired or broken link says so and offers a new one; success signs
// this device in (the session goes on to /home).
import { defineMessages, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { Card, Button, PasswordField, buttonClass } from '@components';
import { useFlow } from '@lib/flow';
import { routes } from '@domain/routes';
import { passwordResetMachine } from '@machines/password-reset.machine';
import { FormShell } from '@components/form-shell';
import { ruleMessage } from '@components/rule-message';

const messages = defineMessages({
  title: { id: 'resetPassword.title', defaultMessage: 'Choose a new password' },
  intro: {
    id: 'resetPassword.intro',
    defaultMessage: 'After the change, every device signed in to your account is signed out, and this one is signed in.',
  },
  password: { id: 'resetPassword.password', defaultMessage: 'New password' },
  cpassword: { id: 'resetPassword.cpassword', defaultMessage: 'Confirm the new password' },
  submit: { id: 'resetPassword.submit', defaultMessage: 'Change password' },
  saving: { id: 'resetPassword.saving', defaultMessage: 'Changing your password…' },
  invalidTitle: { id: 'resetPassword.invalidTitle', defaultMessage: 'This link no longer works' },
  invalid: {
    id: 'resetPassword.invalid',
    defaultMessage: 'Password-reset links work once and for 30 minutes. Ask for a new one and use the newest email.',
  },
  newLink: { id: 'resetPassword.newLink', defaultMessage: 'Ask for a new link' },
});

export default function ResetPasswordScreen() {
  const intl = useIntl();
  const token = new URLSearchParams(useSearch()).get('token');
  const [snapshot, send] = useFlow(passwordResetMachine, { mode: 'reset', token });
  const { values, errors, notice, scrollToTop } = snapshot.context;
  if (snapshot.matches('linkInvalid')) {
    return (
      <div className="page page--narrow">
        <h1>{intl.formatMessage(messages.invalidTitle)}</h1>
        <Card className="stack">
          <p>{intl.formatMessage(messages.invalid)}</p>
          <Link href={routes.forgotPassword.href()} className={buttonClass({ variant: 'primary' })}>
            {intl.formatMessage(messages.newLink)}
          </Link>
        </Card>
      </div>
    );
  }
  return (
    <FormShell
      notice={notice}
      scrollToTop={scrollToTop}
      heading={<h1>{intl.formatMessage(messages.title)}</h1>}
      busy={snapshot.hasTag('busy') || snapshot.matches('done')}
      busyLabel={messages.saving}
      onSubmit={() => send({ type: 'form.submit' })}
    >
      <p>{intl.formatMessage(messages.intro)}</p>
      <PasswordField
        id="reset-password"
        label={intl.formatMessage(messages.password)}
        value={values.password}
        onChange={(value) => send({ type: 'field.change', field: 'password', value })}
        error={ruleMessage(errors.password)}
        autoComplete="new-password"
        required
      />
      <PasswordField
        id="reset-cpassword"
        label={intl.formatMessage(messages.cpassword)}
        value={values.cpassword}
        onChange={(value) => send({ type: 'field.change', field: 'cpassword', value })}
        error={ruleMessage(errors.cpassword)}
        autoComplete="new-password"
        required
      />
      <Button type="submit" block>
        {intl.formatMessage(messages.submit)}
      </Button>
    </FormShell>
  );
}
