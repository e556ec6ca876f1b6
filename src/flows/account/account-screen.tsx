// /account: a view of the account machine. Sections: profiles (profiles-section.tsx), email,
// password, language, new classes, this device's data saver (src/features/profile-settings), devices,
// your data (download), and delete account (a dialog asking the password). Each section is busy
// only while its own task runs, and says how it ended in place (the page does not scroll).
import type { FormEvent, ReactNode } from 'react';
import type { Notice } from '@domain/notices';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { useSelector } from '@xstate/react';
import { Badge, Button, Card, DateText, Dialog, KeyValueList, PasswordField, Spinner, TextField } from '@components';
import { useFlow } from '@lib/flow';
import { accountMachine, type AccountTask } from '@machines/account.machine';
import { NoticeBanner } from '@components/notice-banner';
import { ruleMessage } from '@components/rule-message';
import { useDeviceLabel } from '@components/device-name';
import { DataSaverSetting, LanguageSection, NotificationsSection, ScheduleSettings } from '@features/profile-settings';
import { HeartRateSettingsSection } from '@features/heart-rate';
import { ProfilesSection } from './profiles-section';

const messages = defineMessages({
  title: { id: 'account.title', defaultMessage: 'Account' },
  loadFailed: { id: 'account.loadFailed', defaultMessage: 'We could not load your account.' },
  retry: { id: 'account.retry', defaultMessage: 'Try again' },
  emailTitle: { id: 'account.email.title', defaultMessage: 'Email' },
  currentEmail: { id: 'account.email.current', defaultMessage: 'Current email' },
  memberSince: { id: 'account.memberSince', defaultMessage: 'Member since' },
  newEmail: { id: 'account.email.new', defaultMessage: 'New email' },
  passwordToConfirm: { id: 'account.email.password', defaultMessage: 'Your password' },
  changeEmail: { id: 'account.email.submit', defaultMessage: 'Change email' },
  emailHint: { id: 'account.email.hint', defaultMessage: 'We will tell your current address about the change.' },
  passwordTitle: { id: 'account.password.title', defaultMessage: 'Password' },
  currentPassword: { id: 'account.password.current', defaultMessage: 'Current password' },
  newPassword: { id: 'account.password.new', defaultMessage: 'New password' },
  confirmPassword: { id: 'account.password.confirm', defaultMessage: 'Confirm new password' },
  changePassword: { id: 'account.password.submit', defaultMessage: 'Change password' },
  passwordHint: { id: 'account.password.hint', defaultMessage: 'Your other devices will be signed out.' },
  devicesTitle: { id: 'account.devices.title', defaultMessage: 'Devices signed in' },
  thisDevice: { id: 'account.devices.thisDevice', defaultMessage: 'This device' },
  signedIn: { id: 'account.devices.signedIn', defaultMessage: 'Signed in' },
  lastSeen: { id: 'account.devices.lastSeen', defaultMessage: 'Last seen' },
  signOut: { id: 'account.devices.signOut', defaultMessage: 'Sign out' },
  signOutOthers: { id: 'account.devices.signOutOthers', defaultMessage: 'Sign out of all other devices' },
  dataTitle: { id: 'account.data.title', defaultMessage: 'Your data' },
  dataText: {
    id: 'account.data.text',
    defaultMessage: 'A JSON file with everything FitStream holds about your account: profile, subscriptions, payments, progress, devices and emails.',
  },
  download: { id: 'account.data.download', defaultMessage: 'Download my data' },
  deleteTitle: { id: 'account.delete.title', defaultMessage: 'Delete account' },
  deleteText: {
    id: 'account.delete.text',
    defaultMessage:
      'Your subscription ends at once without a refund, your profile, pictures, progress and devices are erased, and you are signed out everywhere. Invoices are kept, anonymised, as the law requires.',
  },
  deleteOpen: { id: 'account.delete.open', defaultMessage: 'Delete account' },
  deleteDialogTitle: { id: 'account.delete.dialogTitle', defaultMessage: 'Delete your account?' },
  deleteDialogText: { id: 'account.delete.dialogText', defaultMessage: 'This cannot be undone. Enter your password to confirm.' },
  deleteConfirm: { id: 'account.delete.confirm', defaultMessage: 'Delete my account' },
  cancel: { id: 'account.delete.cancel', defaultMessage: 'Cancel' },
});

const signOutNamed = defineMessage<{ device: string }>({ id: 'account.devices.signOutNamed', defaultMessage: 'Sign out {device}' });

/** A section, with the notice of its task (if any) under its controls, where the user is. */
function Section({ id, title, notice, onDismiss, children }: { id: string; title: string; notice?: Notice | null; onDismiss?: () => void; children: ReactNode }) {
  return (
    <Card as="section" aria-labelledby={id} className="account__section">
      <h2 id={id}>{title}</h2>
      {children}
      <NoticeBanner notice={notice ?? null} onDismiss={onDismiss} reserveSpace={false} />
    </Card>
  );
}

const submit = (send: () => void) => (event: FormEvent) => {
  event.preventDefault();
  send();
};

export default function AccountScreen() {
  const intl = useIntl();
  const deviceLabel = useDeviceLabel();
  const [snapshot, send] = useFlow(accountMachine);
  const { account, devices, notice, noticeFrom } = snapshot.context;
  // Each task of the page is a child machine; its form and whether its request runs are its own.
  const { email, password, language, devices: signOuts, dataExport, deletion } = snapshot.children;
  const { values: emailForm, errors: emailErrors } = useSelector(email, (task) => task?.context) ?? { values: { email: '', password: '' }, errors: {} };
  const { values: passwordForm, errors: passwordErrors } = useSelector(password, (task) => task?.context) ?? {
    values: { currentPassword: '', password: '', cpassword: '' },
    errors: {},
  };
  const deleteForm = useSelector(deletion, (task) => task?.context);
  const deletePassword = deleteForm?.values.password ?? '';
  const deleteErrors = deleteForm?.errors ?? {};
  const signingOut = useSelector(signOuts, (task) => task?.context.signingOut ?? null);
  const running = {
    changingEmail: useSelector(email, (task) => task?.matches('changing') ?? false),
    changingPassword: useSelector(password, (task) => task?.matches('changing') ?? false),
    signingOutOthers: useSelector(signOuts, (task) => task?.matches('signingOutOthers') ?? false),
    downloading: useSelector(dataExport, (task) => task?.matches('downloading') ?? false),
  };
  // Whether each section's own task runs: only that section's controls wait for it.
  const devicesBusy = useSelector(signOuts, (task) => task?.hasTag('busy') ?? false);
  const busy = snapshot.hasTag('busy');
  const is = (state: keyof typeof running) => running[state];
  const noticeOf = (task: AccountTask) => (noticeFrom === task ? notice : null);
  const dismiss = () => send({ type: 'notice.dismiss' });
  const dialogOpen = snapshot.matches({ ready: 'confirmingDelete' }) || snapshot.matches({ ready: 'deleting' }) || snapshot.matches('deleted');
  const t = (descriptor: (typeof messages)[keyof typeof messages]) => intl.formatMessage(descriptor);

  if (snapshot.hasTag('loading')) {
    return (
      <div className="page">
        <h1>{t(messages.title)}</h1>
        <Spinner size="lg" />
      </div>
    );
  }
  if (snapshot.matches('loadFailed') || !account) {
    return (
      <div className="page">
        <NoticeBanner notice={notice} />
        <h1>{t(messages.title)}</h1>
        <p>{t(messages.loadFailed)}</p>
        <Button onClick={() => send({ type: 'account.retry' })}>{t(messages.retry)}</Button>
      </div>
    );
  }

  return (
    <div className="page account">
      <h1>{t(messages.title)}</h1>

      <ProfilesSection actor={snapshot.children.profiles} send={send} notice={noticeOf('profiles')} onDismiss={dismiss} />

      <Section id="account-email" title={t(messages.emailTitle)} notice={noticeOf('email')} onDismiss={dismiss}>
        <KeyValueList
          items={[
            { id: 'email', label: t(messages.currentEmail), value: account.email },
            { id: 'since', label: t(messages.memberSince), value: <DateText value={account.createdAt} /> },
          ]}
        />
        <form noValidate onSubmit={submit(() => send({ type: 'email.submit' }))}>
          <TextField
            id="account-new-email"
            type="email"
            autoComplete="email"
            label={t(messages.newEmail)}
            hint={t(messages.emailHint)}
            value={emailForm.email}
            error={ruleMessage(emailErrors.email)}
            onChange={(value) => send({ type: 'field.change', form: 'email', field: 'email', value })}
          />
          <PasswordField
            id="account-email-password"
            autoComplete="current-password"
            label={t(messages.passwordToConfirm)}
            value={emailForm.password}
            error={ruleMessage(emailErrors.password)}
            onChange={(value) => send({ type: 'field.change', form: 'email', field: 'password', value })}
          />
          <Button type="submit" busy={is('changingEmail')}>
            {t(messages.changeEmail)}
          </Button>
        </form>
      </Section>

      <Section id="account-password" title={t(messages.passwordTitle)} notice={noticeOf('password')} onDismiss={dismiss}>
        <form noValidate onSubmit={submit(() => send({ type: 'password.submit' }))}>
          <PasswordField
            id="account-current-password"
            autoComplete="current-password"
            label={t(messages.currentPassword)}
            value={passwordForm.currentPassword}
            error={ruleMessage(passwordErrors.currentPassword)}
            onChange={(value) => send({ type: 'field.change', form: 'password', field: 'currentPassword', value })}
          />
          <PasswordField
            id="account-new-password"
            autoComplete="new-password"
            label={t(messages.newPassword)}
            value={passwordForm.password}
            error={ruleMessage(passwordErrors.password)}
            onChange={(value) => send({ type: 'field.change', form: 'password', field: 'password', value })}
          />
          <PasswordField
            id="account-confirm-password"
            autoComplete="new-password"
            label={t(messages.confirmPassword)}
            value={passwordForm.cpassword}
            error={ruleMessage(passwordErrors.cpassword)}
            onChange={(value) => send({ type: 'field.change', form: 'password', field: 'cpassword', value })}
          />
          <p className="account__hint">{t(messages.passwordHint)}</p>
          <Button type="submit" busy={is('changingPassword')}>
            {t(messages.changePassword)}
          </Button>
        </form>
      </Section>

      <LanguageSection actor={language} language={account.language} send={send} notice={noticeOf('language')} onDismiss={dismiss} />

      <NotificationsSection actor={snapshot.children.notifications} send={send} notice={noticeOf('notifications')} onDismiss={dismiss} />
      <HeartRateSettingsSection />
      <DataSaverSetting />

      <Section id="account-devices" title={t(messages.devicesTitle)} notice={noticeOf('devices')} onDismiss={dismiss}>
        <ul className="account__devices">
          {devices.map((device) => (
            <li key={device.id} className="account__device">
              <div>
                <strong>{deviceLabel(device.deviceName, device.profileName)}</strong> {device.current ? <Badge tone="success">{t(messages.thisDevice)}</Badge> : null}
                <KeyValueList
                  items={[
                    { id: 'signed-in', label: t(messages.signedIn), value: <DateText value={device.signedInAt} /> },
                    { id: 'last-seen', label: t(messages.lastSeen), value: <DateText value={device.lastSeenAt} /> },
                  ]}
                />
              </div>
              {device.current ? null : (
                <Button
                  variant="secondary"
                  busy={signingOut === device.id}
                  disabled={devicesBusy}
                  aria-label={intl.formatMessage(signOutNamed, { device: deviceLabel(device.deviceName, device.profileName) })}
                  onClick={() => send({ type: 'device.signOut', sessionId: device.id })}
                >
                  {t(messages.signOut)}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {devices.some((device) => !device.current) ? (
          <Button variant="secondary" busy={is('signingOutOthers')} disabled={devicesBusy} onClick={() => send({ type: 'devices.signOutOthers' })}>
            {t(messages.signOutOthers)}
          </Button>
        ) : null}
      </Section>

      <ScheduleSettings actor={snapshot.children.schedule} send={send} notice={noticeOf('schedule')} onDismiss={dismiss} />

      <Section id="account-data" title={t(messages.dataTitle)} notice={noticeOf('dataExport')} onDismiss={dismiss}>
        <p>{t(messages.dataText)}</p>
        <Button variant="secondary" busy={is('downloading')} onClick={() => send({ type: 'data.download' })}>
          {t(messages.download)}
        </Button>
      </Section>

      <Section id="account-delete" title={t(messages.deleteTitle)}>
        <p>{t(messages.deleteText)}</p>
        <Button variant="danger" onClick={() => send({ type: 'delete.open' })}>
          {t(messages.deleteOpen)}
        </Button>
      </Section>

      <Dialog
        open={dialogOpen}
        role="alertdialog"
        title={t(messages.deleteDialogTitle)}
        description={t(messages.deleteDialogText)}
        onClose={() => send({ type: 'delete.cancel' })}
      >
        <form noValidate className="account__delete-form" onSubmit={submit(() => send({ type: 'delete.confirm' }))}>
          <NoticeBanner notice={notice} />
          <PasswordField
            id="account-delete-password"
            autoComplete="current-password"
            label={t(messages.passwordToConfirm)}
            value={deletePassword}
            error={ruleMessage(deleteErrors.password)}
            onChange={(value) => send({ type: 'field.change', form: 'delete', field: 'password', value })}
          />
          <div className="account__dialog-buttons">
            <Button variant="secondary" data-autofocus onClick={() => send({ type: 'delete.cancel' })} disabled={busy}>
              {t(messages.cancel)}
            </Button>
            <Button type="submit" variant="danger" busy={busy}>
              {t(messages.deleteConfirm)}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
