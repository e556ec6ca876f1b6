// /billing: a view of the billing machine: tabs 'Subscription' and 'Payment History' (opened
// first by `?tab=history`, a receipt's link), the confirmation before cancelling, errors in the
// banner and confirmations as a toast.
import { defineMessages, useIntl } from 'react-intl';
import { useSearch } from 'wouter';
import { Spinner, Tabs, Toast, useMessageText } from '@components';
import { useFlow } from '@lib/flow';
import { useScrollToTopOn } from '@lib/navigation';
import { currentSubscription } from '@domain/subscriptions';
import { billingMachine } from '@machines/billing.machine';
import { NoticeBanner } from '@components/notice-banner';
import { CancelDialog } from './cancel-dialog';
import { PaymentHistoryPanel } from './payment-history-panel';
import type { PendingAction } from './subscription-panel';
import { SubscriptionPanel } from './subscription-panel';

const messages = defineMessages({
  title: { id: 'billing.title', defaultMessage: 'Billing & Subscriptions' },
  tabs: { id: 'billing.tabs', defaultMessage: 'Billing sections' },
  subscription: { id: 'billing.tab.subscription', defaultMessage: 'Subscription' },
  payments: { id: 'billing.tab.payments', defaultMessage: 'Payment History' },
});

export default function BillingScreen() {
  const intl = useIntl();
  const text = useMessageText();
  const opening = new URLSearchParams(useSearch()).get('tab') === 'history' ? 'history' : 'subscription';
  const [snapshot, send] = useFlow(billingMachine, { tab: opening });
  const { subscriptions, tab, notice, scrollToTop } = snapshot.context;
  const error = notice?.tone === 'error' ? notice : null;
  useScrollToTopOn(error ? scrollToTop : 0);
  const subscription = currentSubscription(subscriptions);
  const pending: PendingAction | null = snapshot.matches({ ready: 'cancelling' })
    ? 'cancel'
    : snapshot.matches({ ready: 'reactivating' })
      ? 'reactivate'
      : snapshot.matches({ ready: 'undoingChange' })
        ? 'undo'
      : snapshot.matches({ ready: 'openingPortal' }) || snapshot.matches('redirecting')
        ? 'portal'
        : null;
  const dismiss = () => send({ type: 'notice.dismiss' });
  return (
    <div className="page billing">
      <NoticeBanner notice={error} onDismiss={dismiss} reserveSpace={false} />
      <h1>{intl.formatMessage(messages.title)}</h1>
      {snapshot.hasTag('loading') ? (
        <Spinner size="lg" />
      ) : (
        <Tabs
          label={intl.formatMessage(messages.tabs)}
          selectedId={tab}
          onSelect={(id) => send({ type: 'tab.select', tab: id === 'history' ? 'history' : 'subscription' })}
          tabs={[
            {
              id: 'subscription',
              label: intl.formatMessage(messages.subscription),
              panel: (
                <SubscriptionPanel
                  subscription={subscription}
                  busy={snapshot.hasTag('busy')}
                  pending={pending}
                  onCancel={() => send({ type: 'subscription.cancel' })}
                  onReactivate={() => send({ type: 'subscription.reactivate' })}
                  onUndoChange={() => send({ type: 'schedule.undo' })}
                  onUpdatePayment={() => send({ type: 'payment.update' })}
                />
              ),
            },
            { id: 'history', label: intl.formatMessage(messages.payments), panel: <PaymentHistoryPanel /> },
          ]}
        />
      )}
      <CancelDialog
        open={snapshot.matches({ ready: 'confirmingCancel' })}
        subscription={subscription}
        onKeep={() => send({ type: 'cancel.keep' })}
        onConfirm={() => send({ type: 'cancel.confirm' })}
      />
      <Toast message={notice?.tone === 'success' ? text(notice.message) : null} onDismiss={dismiss} />
    </div>
  );
}
