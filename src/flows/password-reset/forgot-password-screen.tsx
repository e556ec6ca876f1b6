// /forgot-password: a view of the password-reset machine asking for the link. The answer is the
// same for every address; the screen then says to check the inbox.
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Button, Card, TextField } from '@components';
import { useFlow } from '@lib/flow';
import { routes } from '@domain/routes';
import { passwordResetMachine } from '@machines/password-reset.machine';
import { FormShell } from '@components/form-shell';
import { ruleMessage } from '@components/rule-message';

const messages = defineMessages({
  title: { id: 'forgotPassword.title', defaultMessage: 'Reset your password' },
  intro: {
    id: 'forgotPassword.intro',
    defaultMessage: 'Enter the email address of your account. We will send you a link to choose a new password.',
  },
  email: { id: 'forgotPassword.email', defaultMessage: 'Email address' },
  submit: { id: 'forgotPassword.submit', defaultMessage: 'Send the link' },
  sending: { id: 'forgotPassword.sending', defaultMessage: 'Sending the link…' },
  sentTitle: { id: 'forgotPassword.sentTitle', defaultMessage: 'Check your email' },
  sent: {
    id: 'forgotPassword.sent',
    defaultMessage: 'If an account exists for that address, we have sent a link to reset the password.',
  },
  sentHint: {
    id: 'forgotPassword.sentHint',
    defaultMessage: 'The link works once, for 30 minutes. Nothing there? Check the spam folder, or ask again.',
  },
  again: { id: 'forgotPassword.again', defaultMessage: 'Send another link' },
  backToLogin: { id: 'forgotPassword.backToLogin', defaultMessage: 'Back to sign in' },
});

export default function ForgotPasswordScreen() {
  const intl = useIntl();
  const [snapshot, send] = useFlow(passwordResetMachine, { mode: 'forgot' });
  const { values, errors, notice, scrollToTop } = snapshot.context;
  const backToLogin = (
    <p>
      <Link href={routes.login.href()}>{intl.formatMessage(messages.backToLogin)}</Link>
    </p>
  );
  if (snapshot.matches('sent')) {
    return (
      <div className="page page--narrow">
        <h1>{intl.formatMessage(messages.sentTitle)}</h1>
        <Card className="stack" role="status">
          <p>{intl.formatMessage(messages.sent)}</p>
          <p>{intl.formatMessage(messages.sentHint)}</p>
          <Button variant="secondary" onClick={() => send({ type: 'link.again' })}>
            {intl.formatMessage(messages.again)}
          </Button>
        </Card>
        {backToLogin}
      </div>
    );
  }
  return (
    <FormShell
      notice={notice}
      scrollToTop={scrollToTop}
      heading={<h1>{intl.formatMessage(messages.title)}</h1>}
      busy={snapshot.hasTag('busy')}
      busyLabel={messages.sending}
      onSubmit={() => send({ type: 'form.submit' })}
    >
      <p>{intl.formatMessage(messages.intro)}</p>
      <TextField
        id="forgot-email"
        type="email"
        label={intl.formatMessage(messages.email)}
        value={values.email}
        onChange={(value) => send({ type: 'field.change', field: 'email', value })}
        error={ruleMessage(errors.email)}
        autoComplete="email"
        required
      />
      <Button type="submit" block>
        {intl.formatMessage(messages.submit)}
      </Button>
      {backToLogin}
    </FormShell>
  );
}
