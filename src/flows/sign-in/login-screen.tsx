// /login: a view of the sign-in machine in the shared form shell; the session takes the user
// on when it succeeds (back to where the route guard found them, or /home).
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Checkbox, PasswordField, TextField } from '@components';
import { useFlow } from '@lib/flow';
import { rememberedOrigin } from '@lib/navigation';
import { routes } from '@domain/routes';
import { signInMachine } from '@machines/sign-in.machine';
import { FormShell } from '@components/form-shell';
import { ruleMessage } from '@components/rule-message';

const messages = defineMessages({
  title: { id: 'login.title', defaultMessage: 'Sign In' },
  email: { id: 'login.email', defaultMessage: 'Email address' },
  password: { id: 'login.password', defaultMessage: 'Password' },
  remember: { id: 'login.remember', defaultMessage: 'Remember me' },
  help: { id: 'login.help', defaultMessage: 'Do you need help?' },
  submit: { id: 'login.submit', defaultMessage: 'Login' },
  signingIn: { id: 'login.signingIn', defaultMessage: 'Signing you in…' },
  newHere: { id: 'login.newHere', defaultMessage: 'New to FitStream?' },
  signUp: { id: 'login.signUp', defaultMessage: 'Sign up now' },
});

export default function LoginScreen() {
  const intl = useIntl();
  const [snapshot, send] = useFlow(signInMachine, { origin: rememberedOrigin() });
  const { values, errors, notice, remember, scrollToTop } = snapshot.context;
  return (
    <FormShell
      notice={notice}
      scrollToTop={scrollToTop}
      heading={<h1>{intl.formatMessage(messages.title)}</h1>}
      busy={snapshot.hasTag('busy')}
      busyLabel={messages.signingIn}
      onSubmit={() => send({ type: 'form.submit' })}
    >
      <TextField
        id="login-email"
        type="email"
        label={intl.formatMessage(messages.email)}
        value={values.email}
        onChange={(value) => send({ type: 'field.change', field: 'email', value })}
        error={ruleMessage(errors.email)}
        autoComplete="email"
        required
      />
      <PasswordField
        id="login-password"
        label={intl.formatMessage(messages.password)}
        value={values.password}
        onChange={(value) => send({ type: 'field.change', field: 'password', value })}
        error={ruleMessage(errors.password)}
        autoComplete="current-password"
        required
      />
      <Checkbox
        id="login-remember"
        label={intl.formatMessage(messages.remember)}
        checked={remember}
        onChange={(value) => send({ type: 'remember.change', value })}
      />
      <button type="submit" className="btn btn--primary btn--block">
        {intl.formatMessage(messages.submit)}
      </button>
      <p>
        <Link href={routes.forgotPassword.href()} className="btn btn--link">
          {intl.formatMessage(messages.help)}
        </Link>
      </p>
      <p>
        {intl.formatMessage(messages.newHere)}{' '}
        <Link href={routes.register.href()}>{intl.formatMessage(messages.signUp)}</Link>
      </p>
    </FormShell>
  );
}
