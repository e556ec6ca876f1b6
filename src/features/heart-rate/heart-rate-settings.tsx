// The Heart rate section of /account and /settings (machines/heart-rate-settings.machine.ts): the
// profile's recording switch (off until turned on, explained in one sentence), its maximum heart
// rate or birth year (both optional), "Delete my heart-rate data" after a confirmation that
// says what goes and what stays, and, once recording is kept on, the monitor to pair before a
// class. It runs its own machine on the chosen profile's calls.
import { useState, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { defineMessages, useIntl } from 'react-intl';
import { Button, Card, Checkbox, Dialog, Spinner, TextField } from '@components';
import { NoticeBanner } from '@components/notice-banner';
import { heartRateNotices } from '@domain/heart-rate-notices';
import { useAppActors } from '@lib/app-actors';
import { heartRateSettingsMachine } from '@machines/heart-rate-settings.machine';
import { fromCall } from '@lib/call-actor';
import { HeartRateMonitor } from './heart-rate-monitor';

const m = defineMessages({
  title: { id: 'account.heartRate.title', defaultMessage: 'Heart rate' },
  text: {
    id: 'account.heartRate.text',
    defaultMessage: 'With a Bluetooth heart-rate monitor, each class keeps a summary of your heart rate for you alone; nothing is recorded until you turn it on.',
  },
  recording: { id: 'account.heartRate.recording', defaultMessage: 'Record my heart rate with my classes' },
  max: { id: 'account.heartRate.max', defaultMessage: 'Maximum heart rate (bpm), if you know it' },
  birthYear: { id: 'account.heartRate.birthYear', defaultMessage: 'Birth year, to estimate it otherwise' },
  zonesHint: { id: 'account.heartRate.zonesHint', defaultMessage: 'Your five heart-rate zones are drawn from your maximum: the one you give, or 208 − 0.7 × your age.' },
  save: { id: 'account.heartRate.save', defaultMessage: 'Save heart-rate settings' },
  delete: { id: 'account.heartRate.delete', defaultMessage: 'Delete my heart-rate data' },
  dialogTitle: { id: 'account.heartRate.dialogTitle', defaultMessage: 'Delete your heart-rate data?' },
  dialogText: {
    id: 'account.heartRate.dialogText',
    defaultMessage: 'The heart-rate summaries of all your classes and these settings are erased, and recording turns off. Your classes, minutes and effort ratings stay.',
  },
  confirm: { id: 'account.heartRate.confirm', defaultMessage: 'Delete heart-rate data' },
  cancel: { id: 'account.heartRate.cancel', defaultMessage: 'Cancel' },
  retry: { id: 'account.heartRate.retry', defaultMessage: 'Try again' },
});

export function HeartRateSettingsSection() {
  const intl = useIntl();
  const t = (message: (typeof m)[keyof typeof m]) => intl.formatMessage(message);
  const app = useAppActors();
  const { api } = app;
  const [machine] = useState(() =>
    heartRateSettingsMachine.provide({
      actors: {
        loadSettings: fromCall((_: unknown, signal?: AbortSignal) => api.heartRateSettings(signal)),
        saveSettings: fromCall(api.saveHeartRateSettings),
        deleteData: fromCall((_: unknown, signal?: AbortSignal) => api.deleteHeartRateData(signal)),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { ...app.actorOptions, input: { today: new Date() } });
  const { recording, recorded, values, errors, notice } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const loaded = !snapshot.matches('loading') && !snapshot.matches('failed');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'settings.save' });
  };
  return (
    <Card as="section" aria-labelledby="account-heart-rate" className="account__section" data-testid="heart-rate-settings">
      <h2 id="account-heart-rate">{t(m.title)}</h2>
      <p>{t(m.text)}</p>
      {snapshot.matches('loading') && <Spinner />}
      {snapshot.matches('failed') && (
        <Button variant="secondary" onClick={() => send({ type: 'retry' })}>
          {t(m.retry)}
        </Button>
      )}
      {loaded && (
        <form noValidate className="stack" onSubmit={submit}>
          <Checkbox id="heart-rate-recording" label={t(m.recording)} checked={recording} disabled={busy} onChange={(on) => send({ type: 'recording.change', on })} />
          <TextField
            id="heart-rate-max"
            label={t(m.max)}
            value={values.maxHeartRate}
            disabled={busy}
            error={errors.maxHeartRate ? heartRateNotices.maxHeartRate : null}
            onChange={(value) => send({ type: 'field.change', field: 'maxHeartRate', value })}
          />
          <TextField
            id="heart-rate-birth-year"
            label={t(m.birthYear)}
            value={values.birthYear}
            disabled={busy}
            hint={t(m.zonesHint)}
            error={errors.birthYear ? heartRateNotices.birthYear : null}
            onChange={(value) => send({ type: 'field.change', field: 'birthYear', value })}
          />
          <div className="account__buttons">
            <Button type="submit" busy={snapshot.matches('saving')}>
              {t(m.save)}
            </Button>
            <Button variant="danger" onClick={() => send({ type: 'data.delete' })} disabled={busy}>
              {t(m.delete)}
            </Button>
          </div>
        </form>
      )}
      <NoticeBanner notice={notice} onDismiss={() => send({ type: 'notice.dismiss' })} reserveSpace={false} />
      {/* Recording kept on: the monitor can be paired here, before a class. */}
      {recorded && loaded && <HeartRateMonitor />}
      <Dialog
        open={snapshot.matches('confirmingDelete') || snapshot.matches('deleting')}
        role="alertdialog"
        title={t(m.dialogTitle)}
        description={t(m.dialogText)}
        onClose={() => send({ type: 'delete.cancel' })}
      >
        <div className="account__dialog-buttons">
          <Button variant="secondary" data-autofocus onClick={() => send({ type: 'delete.cancel' })} disabled={busy}>
            {t(m.cancel)}
          </Button>
          <Button variant="danger" busy={snapshot.matches('deleting')} onClick={() => send({ type: 'delete.confirm' })}>
            {t(m.confirm)}
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
