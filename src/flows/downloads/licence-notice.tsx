// "Removed from this device": after the online check (machines/download-check.machine.ts), the
// downloads whose licence was revoked are deleted, and this says which and why, over any page,
// until dismissed. Announced politely; it takes no focus.
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Button } from '@components/button';
import { useClassTexts } from '@components/class-texts';
import { useFlow } from '@lib/flow';
import type { RevokeReason } from '@domain/downloads';
import { downloadCheckMachine } from '@machines/download-check.machine';

const m = defineMessages({
  region: { id: 'downloadCheck.region', defaultMessage: 'Downloads removed' },
  dismiss: { id: 'downloadCheck.dismiss', defaultMessage: 'OK' },
  subscriptionEnded: { id: 'downloadCheck.reason.subscriptionEnded', defaultMessage: 'your subscription has ended' },
  noSubscription: { id: 'downloadCheck.reason.noSubscription', defaultMessage: 'there is no subscription on this account' },
  paymentRequired: { id: 'downloadCheck.reason.paymentRequired', defaultMessage: 'a payment did not go through' },
  subscriptionPaused: { id: 'downloadCheck.reason.subscriptionPaused', defaultMessage: 'your subscription is paused' },
  expired: { id: 'downloadCheck.reason.expired', defaultMessage: 'its licence expired after 30 days offline' },
  removed: { id: 'downloadCheck.reason.removed', defaultMessage: 'downloads were removed from this device' },
  deleted: { id: 'downloadCheck.reason.deleted', defaultMessage: 'it was deleted on another device' },
  deviceLimit: { id: 'downloadCheck.reason.deviceLimit', defaultMessage: 'your plan now downloads on fewer devices' },
  quality: { id: 'downloadCheck.reason.quality', defaultMessage: 'your plan no longer includes its quality' },
  signedOut: { id: 'downloadCheck.reason.signedOut', defaultMessage: 'it was downloaded in another sign-in' },
  other: { id: 'downloadCheck.reason.other', defaultMessage: 'its licence is no longer valid' },
});
const removedMessage = defineMessage<{ title: string; reason: string }>({ id: 'downloadCheck.removed', defaultMessage: '“{title}” was removed from this device because {reason}.' });

const reasons: Partial<Record<RevokeReason, (typeof m)[keyof typeof m]>> = {
  subscription_ended: m.subscriptionEnded,
  no_subscription: m.noSubscription,
  payment_required: m.paymentRequired,
  subscription_paused: m.subscriptionPaused,
  expired: m.expired,
  removed: m.removed,
  deleted: m.deleted,
  device_limit: m.deviceLimit,
  quality_not_in_plan: m.quality,
  signed_out: m.signedOut,
};

export default function LicenceNotice() {
  const intl = useIntl();
  const t = useClassTexts();
  const [snapshot, send] = useFlow(downloadCheckMachine);
  const { revoked } = snapshot.context;
  return (
    <div className="update-prompt-region" aria-live="polite">
      {snapshot.matches('notifying') ? (
        <section className="update-prompt" aria-label={intl.formatMessage(m.region)} data-testid="downloads-removed">
          <div className="update-prompt__text">
            {revoked.map((download) => (
              <p key={download.classId}>{intl.formatMessage(removedMessage, { title: t.text(download.title), reason: intl.formatMessage(reasons[download.reason] ?? m.other) })}</p>
            ))}
          </div>
          <div className="update-prompt__actions">
            <Button variant="primary" onClick={() => send({ type: 'notice.dismiss' })}>
              {intl.formatMessage(m.dismiss)}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
