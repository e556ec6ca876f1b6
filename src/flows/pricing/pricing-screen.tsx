// /pricing (step 4 of 4): a view of the pricing machine. The trial is stated up front. Desktop:
// the plan grid, one "Choose <plan>" per plan. Mobile: the plan strip, the chosen plan's
// table, Next. A subscriber sees their plan marked "Current plan", no step count and no
// checkout, and the way to Billing. "Have a promotion code?" (decision 069; `?code=` fills and
// checks it) shows each plan's first paid charge with the code.
import { FormattedMessage, defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { IntervalSwitch, PlanGrid, PlanStrip, PlanTable, PricingNotes, Spinner, buttonClass, useFormatMoney, usePlanTexts, type FirstCharge, type PlanView } from '@components';
import { PromotionCodeField } from '@features/promotion-code';
import { planAt } from '@domain/plans';
import { chargeWithDiscount } from '@domain/promotion-codes';
import { useSession } from '@lib/app-actors';
import { useFlow } from '@lib/flow';
import { useScrollToTopOn } from '@lib/navigation';
import { routes } from '@domain/routes';
import { pricingMachine } from '@machines/pricing.machine';
import { NoticeBanner } from '@components/notice-banner';

const messages = defineMessages({
  title: { id: 'pricing.title', defaultMessage: 'Choose the right plan for you' },
  trial: { id: 'pricing.trial', defaultMessage: 'Your first subscription starts with a 7-day free trial. No ads, no contract: cancel online at any time.' },
  subscribedTitle: { id: 'pricing.subscribedTitle', defaultMessage: 'Plans' },
  manage: { id: 'pricing.manage', defaultMessage: 'Manage in Billing' },
  next: { id: 'pricing.next', defaultMessage: 'Next' },
  noPlans: { id: 'pricing.noPlans', defaultMessage: 'No plans are available right now.' },
});

const subscribedText = defineMessage<{ name: string }>({
  id: 'pricing.subscribedText',
  defaultMessage: 'You are subscribed to {name}. You can see your plan, your payments and your card in Billing.',
});

const startingMessage = defineMessage<{ name: string; price: string; duration: string; resolution: string }>({
  id: 'pricing.starting',
  defaultMessage: 'Starting checkout for {name}: {price}, {duration}, {resolution}…',
});

const firstChargeLabel = defineMessage<{ code: string }>({ id: 'pricing.firstCharge', defaultMessage: 'First payment with {code}' });

export default function PricingScreen() {
  const intl = useIntl();
  const planTexts = usePlanTexts();
  const formatMoney = useFormatMoney();
  const hasEmail = useSession((snapshot) => Boolean(snapshot.context.user?.email));
  // A marketing link's code (`/pricing?code=WELCOME50`): filled in and checked once the plans are in.
  const linkCode = new URLSearchParams(useSearch()).get('code')?.trim() ?? '';
  const [snapshot, send] = useFlow(pricingMachine, { hasEmail, ...(linkCode ? { code: linkCode } : {}) });
  const { selectedId, chosen, notice, scrollToTop, currentPlanId, interval, promotion } = snapshot.context;
  const firstCharge = (plan: PlanView): FirstCharge | null =>
    promotion ? { label: intl.formatMessage(firstChargeLabel, { code: promotion.code }), price: formatMoney(chargeWithDiscount(promotion, plan.amount, plan.currency), plan.currency) } : null;
  // The plans at the interval the switch says: yearly for 10 monthly prices (docs/decisions/066).
  const plans = snapshot.context.plans.map((plan) => planAt(plan, interval));
  useScrollToTopOn(scrollToTop);
  const busy = snapshot.hasTag('busy');
  const loading = snapshot.hasTag('loading');
  const selected = plans.find((plan) => plan.id === selectedId) ?? null;
  const current = plans.find((plan) => plan.id === currentPlanId) ?? null;
  const select = (planId: string) => send({ type: 'plan.select', planId });
  const manage = (
    <Link href={routes.billing.href()} className={buttonClass({ variant: 'secondary', block: true })}>
      {intl.formatMessage(messages.manage)}
    </Link>
  );

  return (
    <div className="page pricing">
      <NoticeBanner notice={notice} onDismiss={() => send({ type: 'notice.dismiss' })} />
      {/* One heading element throughout (focus may be on it): its text and the step count follow the load. */}
      <header className="pricing__intro step-header">
        {loading || current ? null : (
          <p className="step-header__count">
            <FormattedMessage id="step.count" defaultMessage="Step {step} of {total}" values={{ step: 4, total: 4 }} />
          </p>
        )}
        <h1 className="step-header__title">{intl.formatMessage(current ? messages.subscribedTitle : messages.title)}</h1>
        {loading ? null : (
          <p className="pricing__lead">{current ? intl.formatMessage(subscribedText, { name: current.name }) : intl.formatMessage(messages.trial)}</p>
        )}
      </header>
      {loading ? (
        <Spinner size="lg" />
      ) : plans.length === 0 ? (
        <p>{intl.formatMessage(messages.noPlans)}</p>
      ) : (
        <div className="stack position-relative" aria-busy={busy || undefined}>
          {busy && chosen ? (
            <p role="status">
              {intl.formatMessage(startingMessage, {
                name: chosen.name,
                price: planTexts(chosen).price,
                duration: planTexts(chosen).duration,
                resolution: chosen.resolution,
              })}
            </p>
          ) : null}
          {current ? null : <IntervalSwitch interval={interval} disabled={busy} onChange={(next) => send({ type: 'interval.select', interval: next })} />}
          {current ? null : (
            <PromotionCodeField
              actor={snapshot.children.promotionCode}
              interval={interval}
              initialCode={linkCode}
              disabled={busy}
              onApply={(code) => send({ type: 'code.submit', code })}
              onRemove={() => send({ type: 'code.remove' })}
            />
          )}
          <div className="only-desktop">
            <PlanGrid
              plans={plans}
              currentPlanId={currentPlanId}
              currentPlanAction={manage}
              onChoose={(planId) => send({ type: 'plan.subscribe', planId })}
              busy={busy}
              firstCharge={firstCharge}
            />
          </div>
          <div className="only-mobile stack">
            <PlanStrip plans={plans} selectedId={selectedId ?? undefined} onSelect={select} currentPlanId={currentPlanId} />
            {selected ? <PlanTable plan={selected} firstCharge={firstCharge(selected)} /> : null}
            {current ? (
              manage
            ) : (
              <button type="button" className="btn btn--primary btn--block" disabled={busy} onClick={() => send({ type: 'plan.subscribe' })}>
                {intl.formatMessage(messages.next)}
              </button>
            )}
          </div>
          {busy ? <Spinner overlay /> : null}
        </div>
      )}
      {/* After the plans: shown under the spinner, the notes would jump when the plans arrive. */}
      {loading ? null : <PricingNotes />}
    </div>
  );
}
