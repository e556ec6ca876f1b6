// The card on file for the current subscription, beside the plan on /billing, with the way to
// change it (the provider's page).
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Button, Card } from '@components';
import { cardExpiry, type Subscription } from '@domain/subscriptions';

const messages = defineMessages({
  title: { id: 'billing.subscription.card', defaultMessage: 'Payment method' },
  noCard: { id: 'billing.card.none', defaultMessage: 'No card on file yet.' },
  updatePayment: { id: 'billing.subscription.updatePayment', defaultMessage: 'Update payment method' },
  openingPortal: { id: 'billing.subscription.openingPortal', defaultMessage: 'Opening…' },
});

const expires = defineMessage<{ date: string }>({ id: 'billing.card.expires', defaultMessage: 'Expires {date}' });

export interface PaymentMethodCardProps {
  subscription: Subscription;
  busy: boolean;
  opening: boolean;
  onUpdatePayment: () => void;
}

export function PaymentMethodCard({ subscription, busy, opening, onUpdatePayment }: PaymentMethodCardProps) {
  const intl = useIntl();
  const { card } = subscription;
  return (
    <Card as="section" className="billing-card" aria-labelledby="billing-card-title">
      <h2 id="billing-card-title" className="billing-card__title">{intl.formatMessage(messages.title)}</h2>
      {card ? (
        <div className="billing-card__card">
          <span className="billing-card__brand" aria-hidden="true">{card.brand.toUpperCase()}</span>
          <span className="billing-card__number">
            {card.brand.toUpperCase()} •••• {subscription.cardlast4}
          </span>
          <span className="billing-card__expiry">{intl.formatMessage(expires, { date: cardExpiry(card) })}</span>
        </div>
      ) : (
        <p className="billing-card__none">{intl.formatMessage(messages.noCard)}</p>
      )}
      <Button variant="secondary" block disabled={busy} busy={opening} onClick={onUpdatePayment}>
        {intl.formatMessage(opening ? messages.openingPortal : messages.updatePayment)}
      </Button>
    </Card>
  );
}
