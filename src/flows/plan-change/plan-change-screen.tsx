// /billing/plan: a view of the plan-change machine. Choose a plan (radio list), see the
// preview (what changes, what is charged now, the invoice lines), confirm; a scheduled
// downgrade shows "Changes to <plan> on <date>" with Undo. Monthly or yearly is chosen with the
// same switch as on /pricing (docs/decisions/066).
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Button, Card, IntervalSwitch, KeyValueList, Money, Spinner, usePlanTexts } from '@components';
import { planAt } from '@domain/plans';
import { useFlow } from '@lib/flow';
import { useScrollToTopOn } from '@lib/navigation';
import { chosenPlan, intervalOf, planChangeMachine, type PlanChangePreview } from '@machines/plan-change.machine';
import { NoticeBanner } from '@components/notice-banner';
import { ScheduledChangeNote } from '@components/scheduled-change-note';

const messages = defineMessages({
  title: { id: 'planChange.title', defaultMessage: 'Change plan' },
  choose: { id: 'planChange.choose', defaultMessage: 'Choose a plan' },
  current: { id: 'planChange.current', defaultMessage: 'Current plan' },
  review: { id: 'planChange.review', defaultMessage: 'Review the change' },
  confirm: { id: 'planChange.confirm', defaultMessage: 'Confirm change' },
  changing: { id: 'planChange.changing', defaultMessage: 'Changing…' },
  back: { id: 'planChange.back', defaultMessage: 'Choose another plan' },
  backToBilling: { id: 'planChange.backToBilling', defaultMessage: 'Back to billing' },
  undo: { id: 'planChange.undo', defaultMessage: 'Undo the change' },
  undoing: { id: 'planChange.undoing', defaultMessage: 'Undoing…' },
  chargedNow: { id: 'planChange.chargedNow', defaultMessage: 'Charged now' },
  newPrice: { id: 'planChange.newPrice', defaultMessage: 'Price from then on' },
  when: { id: 'planChange.when', defaultMessage: 'Takes effect' },
  now: { id: 'planChange.now', defaultMessage: 'Now' },
  noSubscription: { id: 'planChange.noSubscription', defaultMessage: 'You have no subscription whose plan can be changed.' },
  done: { id: 'planChange.done', defaultMessage: 'Your plan has changed.' },
  scheduled: { id: 'planChange.scheduled', defaultMessage: 'Your plan will change at the next renewal. You can undo it until then.' },
  upgradeNote: {
    id: 'planChange.upgradeNote',
    defaultMessage: 'The new plan starts now. The unused part of this period is credited and the rest of it charged at the new price.',
  },
  downgradeNote: {
    id: 'planChange.downgradeNote',
    defaultMessage: 'You keep your current plan until the next renewal; nothing is charged now.',
  },
  trialNote: { id: 'planChange.trialNote', defaultMessage: 'The new plan starts now, without a charge; your free trial continues.' },
  invoiceLines: { id: 'planChange.invoiceLines', defaultMessage: 'Invoice lines' },
});

const lineTexts = {
  proration_credit: defineMessage<{ plan: string }>({ id: 'planChange.line.credit', defaultMessage: 'Unused time on {plan}' }),
  proration_charge: defineMessage<{ plan: string }>({ id: 'planChange.line.charge', defaultMessage: 'Remaining time on {plan}' }),
  plan: defineMessage<{ plan: string }>({ id: 'planChange.line.plan', defaultMessage: '{plan} plan' }),
  trial: defineMessage<{ plan: string }>({ id: 'planChange.line.trial', defaultMessage: 'Free trial of {plan}' }),
  discount: defineMessage<{ plan: string }>({ id: 'planChange.line.discount', defaultMessage: '50 % off your next month' }),
};

function PreviewCard({ preview }: { preview: PlanChangePreview }) {
  const intl = useIntl();
  const planTexts = usePlanTexts();
  const note = preview.kind === 'upgrade' ? messages.upgradeNote : preview.kind === 'downgrade' ? messages.downgradeNote : messages.trialNote;
  return (
    <Card as="section" tone="raised" aria-labelledby="plan-change-review">
      <h2 id="plan-change-review">{intl.formatMessage(messages.review)}</h2>
      <p>
        {preview.from_plan.name} → <strong>{preview.to_plan.name}</strong>
      </p>
      <p>{intl.formatMessage(note)}</p>
      <KeyValueList
        items={[
          {
            id: 'when',
            label: intl.formatMessage(messages.when),
            value: preview.kind === 'downgrade' ? intl.formatDate(preview.effective_at, { dateStyle: 'long' }) : intl.formatMessage(messages.now),
          },
          { id: 'due', label: intl.formatMessage(messages.chargedNow), value: <Money amount={preview.amount_due} currency={preview.currency} /> },
          { id: 'next', label: intl.formatMessage(messages.newPrice), value: planTexts({ ...preview.to_plan, amount: preview.next_amount }).pricePerInterval },
        ]}
      />
      {preview.lines.length > 0 ? (
        <>
          <h3>{intl.formatMessage(messages.invoiceLines)}</h3>
          <KeyValueList
            items={preview.lines.map((line) => ({
              id: line.kind,
              label: intl.formatMessage(lineTexts[line.kind], { plan: line.plan_name }),
              value: <Money amount={line.amount} currency={preview.currency} />,
            }))}
          />
        </>
      ) : null}
    </Card>
  );
}

export default function PlanChangeScreen() {
  const intl = useIntl();
  const [snapshot, send] = useFlow(planChangeMachine);
  const planTexts = usePlanTexts();
  const { subscription, preview, notice, scrollToTop } = snapshot.context;
  // What is chosen (the subscription's own plan and interval until something else is).
  const choice = chosenPlan({ context: snapshot.context });
  const plans = snapshot.context.plans.map((plan) => planAt(plan, choice.interval));
  const isCurrent = (planId: string) => planId === subscription?.plan_id && choice.interval === intervalOf(subscription);
  useScrollToTopOn(scrollToTop);
  const busy = snapshot.hasTag('busy');
  const backToBilling = (
    <Button variant="ghost" onClick={() => send({ type: 'billing.back' })}>
      {intl.formatMessage(messages.backToBilling)}
    </Button>
  );
  let body;
  if (snapshot.hasTag('loading')) body = <Spinner size="lg" />;
  else if (snapshot.matches('done') && preview) {
    body = (
      <Card as="section" tone="raised" aria-live="polite">
        <p role="status">{intl.formatMessage(preview.kind === 'downgrade' ? messages.scheduled : messages.done)}</p>
        {subscription ? <ScheduledChangeNote subscription={subscription} /> : null}
        {backToBilling}
      </Card>
    );
  } else if ((snapshot.matches('confirming') || snapshot.matches('changing')) && preview) {
    body = (
      <>
        <PreviewCard preview={preview} />
        <div className="billing-actions">
          <Button busy={snapshot.matches('changing')} disabled={busy} onClick={() => send({ type: 'change.confirm' })}>
            {intl.formatMessage(snapshot.matches('changing') ? messages.changing : messages.confirm)}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => send({ type: 'change.back' })}>
            {intl.formatMessage(messages.back)}
          </Button>
        </div>
      </>
    );
  } else if (!subscription) {
    body = (
      <>
        <p>{intl.formatMessage(messages.noSubscription)}</p>
        {backToBilling}
      </>
    );
  } else {
    body = (
      <>
        <ScheduledChangeNote subscription={subscription} />
        {subscription.scheduled_change ? (
          <Button variant="secondary" busy={snapshot.matches('undoing')} disabled={busy} onClick={() => send({ type: 'schedule.undo' })}>
            {intl.formatMessage(snapshot.matches('undoing') ? messages.undoing : messages.undo)}
          </Button>
        ) : null}
        {/* Radio cards, as the pricing page's plans look: the whole card is the radio's label. */}
        <IntervalSwitch interval={choice.interval} disabled={busy} onChange={(interval) => send({ type: 'interval.choose', interval })} />
        <fieldset className="plan-choice">
          <legend className="plan-choice__legend">{intl.formatMessage(messages.choose)}</legend>
          <div className="plan-choice__options">
            {plans.map((plan) => (
              <label key={plan.id} className={`plan-choice__option${isCurrent(plan.id) ? ' plan-choice__option--current' : ''}`}>
                <span className="plan-choice__top">
                  <input
                    type="radio"
                    name="plan"
                    value={plan.id}
                    checked={choice.plan === plan.id}
                    onChange={() => send({ type: 'plan.choose', plan: plan.id })}
                  />
                  <strong className="plan-choice__name">{plan.name}</strong>
                </span>
                <span className="plan-choice__price">{planTexts(plan).pricePerInterval}</span>
                <span className="plan-choice__quality">{plan.quality}</span>
                {isCurrent(plan.id) ? <span className="badge plan-choice__current">{intl.formatMessage(messages.current)}</span> : null}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="billing-actions">
          <Button busy={snapshot.matches('previewing')} disabled={busy || isCurrent(choice.plan)} onClick={() => send({ type: 'preview.request' })}>
            {intl.formatMessage(messages.review)}
          </Button>
          {backToBilling}
        </div>
      </>
    );
  }
  return (
    <div className="page stack">
      <NoticeBanner notice={notice} onDismiss={() => send({ type: 'notice.dismiss' })} reserveSpace={false} />
      <h1>{intl.formatMessage(messages.title)}</h1>
      {body}
    </div>
  );
}
