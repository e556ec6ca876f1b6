// /billing: a view of the billing machine: tabs 'Subscription' and 'Payment History' (opened
// first by `?tab=history`, a receipt's link), the cancel flow's dialog (decision 068), the pause dialog, errors in the
// banner and confirmations as a toast; "Add a promotion code" (decision 069) on the subscription.
import { defineMessages, useIntl } from 'react-intl';
import { useSearch } from 'wouter';
import { Spinner, Tabs, Toast, useMessageText } from '@components';
import { useFlow } from '@lib/flow';
import { useScrollToTopOn } from '@lib/navigation';
import { billedSubscription } from '@domain/subscriptions';
import { billingMachine } from '@machines/billing.machine';
import { NoticeBanner } from '@components/notice-banner';
import { PromotionCodeField } from '@features/promotion-code';
import { CancelFlowDialog } from './cancel-flow-dialog';
import { PauseDialog } from './pause-dialog';
import { PaymentHistoryPanel } from './payment-history-panel';
import type { PendingAction } from './subscription-panel';
import { SubscriptionPanel } from './subscription-panel';

const messages = defineMessages({
  title: { id: 'billing.title', defaultMessage: 'Billing & Subscriptions' },
  tabs: { id: 'billing.tabs', defaultMessage: 'Billing sections' },
  subscription: { id: 'billing.tab.subscription', defaultMessage: 'Subscription' },
  payments: { id: 'billing.tab.payments', defaultMessage: 'Payment History' },
  addCode: { id: 'billing.subscription.addPromotionCode', defaultMessage: 'Add a promotion code' },
});

export default function BillingScreen() {
  const intl = useIntl();
  const text = useMessageText();
  const opening = new URLSearchParams(useSearch()).get('tab') === 'history' ? 'history' : 'subscription';
  const [snapshot, send] = useFlow(billingMachine, { tab: opening });
  const { subscriptions, tab, notice, scrollToTop } = snapshot.context;
  const error = notice?.tone === 'error' ? notice : null;
  useScrollToTopOn(error ? scrollToTop : 0);
  // A renewal left unpaid keeps its subscription on Billing, to update the card (decision 067).
  const subscription = billedSubscription(subscriptions);
  const pending: PendingAction | null = snapshot.matches({ ready: 'reactivating' })
      ? 'reactivate'
      : snapshot.matches({ ready: 'undoingChange' })
        ? 'undo'
      : snapshot.matches({ ready: 'openingPortal' }) || snapshot.matches('redirecting')
        ? 'portal'
      : snapshot.matches({ ready: 'pausing' })
        ? 'pause'
      : snapshot.matches({ ready: 'resumingPause' })
        ? 'resumePause'
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
                  onPause={() => send({ type: 'subscription.pause' })}
                  onResumePause={() => send({ type: 'pause.resume' })}
                  promotionCodeForm={
                    <PromotionCodeField
                      actor={snapshot.children.promotionCode}
                      label={intl.formatMessage(messages.addCode)}
                      disabled={snapshot.hasTag('busy')}
                      onApply={(code) => send({ type: 'code.submit', code })}
                    />
                  }
                />
              ),
            },
            { id: 'history', label: intl.formatMessage(messages.payments), panel: <PaymentHistoryPanel /> },
          ]}
        />
      )}
      <CancelFlowDialog actor={snapshot.children.cancelFlow} subscription={subscription} />
      <PauseDialog
        step={snapshot.matches({ ready: 'choosingPause' }) ? 'choose' : snapshot.matches({ ready: 'confirmingPause' }) ? 'confirm' : null}
        months={snapshot.context.pauseMonths}
        subscription={subscription}
        onMonths={(months) => send({ type: 'pause.months', months })}
        onNext={() => send({ type: 'pause.next' })}
        onBack={() => send({ type: 'pause.back' })}
        onKeep={() => send({ type: 'pause.keep' })}
        onConfirm={() => send({ type: 'pause.confirm' })}
      />
      <Toast message={notice?.tone === 'success' ? text(notice.message) : null} onDismiss={dismiss} />
    </div>
  );
}
