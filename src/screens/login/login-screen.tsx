// /login: a view of the sign-in machine. Banner on top, a spinner in place of the form while
// signing in; the session takes the user on when it succeeds.
import { defineMessages, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Checkbox, PasswordField, Spinner, TextField } from '../../components';
import { useSignInFlow } from '../../app/flows';
import { useScrollToTopOn } from '../../app/navigation';
import { paths } from '../../app/paths';
import { NoticeBanner } from '../notice-banner';
import { ruleMessage } from '../rule-message';

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
  const [snapshot, send] = useSignInFlow();
  const { values, errors, notice, remember, scrollToTop } = snapshot.context;
  useScrollToTopOn(scrollToTop);
  return (
    <div className="page page--narrow">
      <NoticeBanner notice={notice} />
      <h1>{intl.formatMessage(messages.title)}</h1>
      {snapshot.hasTag('busy') ? (
        <Spinner size="lg" label={messages.signingIn} />
      ) : (
        <form
          className="card stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'form.submit' });
          }}
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
            <Link href={paths.support.href()} className="btn btn--link">
              {intl.formatMessage(messages.help)}
            </Link>
          </p>
          <p>
            {intl.formatMessage(messages.newHere)}{' '}
            <Link href={paths.register.href()}>{intl.formatMessage(messages.signUp)}</Link>
          </p>
        </form>
      )}
    </div>
  );
}
