// /register: a view of the sign-up machine (step 1 of 4) in the shared form shell. The email
// typed on the landing page arrives as ?email=; the session goes on to /details when the
// account exists.
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { CountrySelect, PasswordField, StepHeader, TextField } from '@components';
import { useFlow } from '@lib/flow';
import { routes } from '@domain/routes';
import { suggestedCountry } from '@domain/countries';
import { signUpMachine, type SignUpField } from '@machines/sign-up.machine';
import { FormShell } from '@components/form-shell';
import { ruleMessage } from '@components/rule-message';

const messages = defineMessages({
  title: { id: 'register.title', defaultMessage: 'Create your account' },
  country: { id: 'register.country', defaultMessage: 'Country' },
  email: { id: 'register.email', defaultMessage: 'Email address' },
  password: { id: 'register.password', defaultMessage: 'Password' },
  passwordPlaceholder: { id: 'register.passwordPlaceholder', defaultMessage: 'min. 8 characters' },
  cpassword: { id: 'register.cpassword', defaultMessage: 'Confirm password' },
  submit: { id: 'register.submit', defaultMessage: 'Create account' },
  creating: { id: 'register.creating', defaultMessage: 'Creating your account…' },
  haveAccount: { id: 'register.haveAccount', defaultMessage: 'Already have an account?' },
  signIn: { id: 'register.signIn', defaultMessage: 'Sign in' },
});

export default function RegisterScreen() {
  const intl = useIntl();
  const email = new URLSearchParams(useSearch()).get('email') ?? undefined;
  // The browser's languages (es-ES, en-GB) suggest the country; the list keeps every other one.
  const country = suggestedCountry(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
  const [snapshot, send] = useFlow(signUpMachine, { email, country });
  const { values, errors, notice, scrollToTop } = snapshot.context;
  const change = (field: SignUpField) => (value: string) => send({ type: 'field.change', field, value });
  return (
    <FormShell
      notice={notice}
      scrollToTop={scrollToTop}
      heading={<StepHeader step={1} title={intl.formatMessage(messages.title)} />}
      busy={snapshot.hasTag('busy')}
      busyLabel={messages.creating}
      onSubmit={() => send({ type: 'form.submit' })}
    >
      <CountrySelect id="register-country" label={intl.formatMessage(messages.country)} value={values.country} onChange={change('country')} error={ruleMessage(errors.country)} required />
      <TextField id="register-email" name="email" type="email" label={intl.formatMessage(messages.email)} value={values.email} onChange={change('email')} error={ruleMessage(errors.email)} autoComplete="email" required />
      <PasswordField
        id="register-password"
        label={intl.formatMessage(messages.password)}
        value={values.password}
        onChange={change('password')}
        error={ruleMessage(errors.password)}
        placeholder={intl.formatMessage(messages.passwordPlaceholder)}
        autoComplete="new-password"
        required
      />
      <PasswordField id="register-cpassword" label={intl.formatMessage(messages.cpassword)} value={values.cpassword} onChange={change('cpassword')} error={ruleMessage(errors.cpassword)} autoComplete="new-password" required />
      <p>
        <FormattedMessage
          id="register.agreement"
          defaultMessage="By creating an account you agree to our <terms>Terms of Use</terms> and <privacy>Privacy Policy</privacy>."
          values={{
            terms: (chunks) => <Link href={routes.terms.href()}>{chunks}</Link>,
            privacy: (chunks) => <Link href={routes.privacy.href()}>{chunks}</Link>,
          }}
        />
      </p>
      <button type="submit" className="btn btn--primary btn--block">
        {intl.formatMessage(messages.submit)}
      </button>
      <p>
        {intl.formatMessage(messages.haveAccount)} <Link href={routes.login.href()}>{intl.formatMessage(messages.signIn)}</Link>
      </p>
    </FormShell>
  );
}
