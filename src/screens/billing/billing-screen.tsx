// /billing: a view of the billing machine: tabs 'subscription' and 'Payment History'.
import { defineMessages, useIntl } from 'react-intl';
import { Spinner, Tabs } from '../../components';
import { useFlow } from '../../app/flow';
import { useScrollToTopOn } from '../../app/navigation';
import { currentSubscription } from '../../domain/subscriptions';
import { billingMachine } from '../../../machines/billing.machine';
import { NoticeBanner } from '../notice-banner';
import { PaymentsPanel } from './payments-panel';
import type { PendingAction } from './subscription-panel';
import { SubscriptionPanel } from './subscription-panel';

const messages = defineMessages({
  title: { id: 'billing.title', defaultMessage: 'Billing & Subscriptions' },
  tabs: { id: 'billing.tabs', defaultMessage: 'Billing sections' },
  subscription: { id: 'billing.tab.subscription', defaultMessage: 'subscription' },
  payments: { id: 'billing.tab.payments', defaultMessage: 'Payment History' },
});

export default function BillingScreen() {
  const intl = useIntl();
  const [snapshot, send] = useFlow(billingMachine);
  const { subscriptions, payments, tab, notice, scrollToTop } = snapshot.context;
  useScrollToTopOn(scrollToTop);
  const pending: PendingAction | null = snapshot.matches({ ready: 'cancelling' })
    ? 'cancel'
    : snapshot.matches({ ready: 'reactivating' })
      ? 'reactivate'
      : snapshot.matches({ ready: 'openingPortal' }) || snapshot.matches('redirecting')
        ? 'portal'
        : null;
  return (
    <div className="page">
      <NoticeBanner notice={notice} onDismiss={() => send({ type: 'notice.dismiss' })} />
      <h1>{intl.formatMessage(messages.title)}</h1>
      {snapshot.hasTag('loading') ? (
        <Spinner size="lg" />
      ) : (
        <Tabs
          label={intl.formatMessage(messages.tabs)}
          selectedId={tab}
          onSelect={(id) => send({ type: 'tab.select', tab: id === 'payments' ? 'payments' : 'subscription' })}
          tabs={[
            {
              id: 'subscription',
              label: intl.formatMessage(messages.subscription),
              panel: (
                <SubscriptionPanel
                  subscription={currentSubscription(subscriptions)}
                  busy={snapshot.hasTag('busy')}
                  pending={pending}
                  onCancel={() => send({ type: 'subscription.cancel' })}
                  onReactivate={() => send({ type: 'subscription.reactivate' })}
                  onUpdatePayment={() => send({ type: 'payment.update' })}
                />
              ),
            },
            { id: 'payments', label: intl.formatMessage(messages.payments), panel: <PaymentsPanel payments={payments} /> },
          ]}
        />
      )}
    </div>
  );
}
