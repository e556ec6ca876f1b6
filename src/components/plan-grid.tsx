// PlanGrid: the desktop plan chooser, every plan side by side so they compare at a glance:
// price first, then the same rows in the same order on every card (the "Most popular" ribbon
// sits on the card's edge, so it pushes nothing out of line), and one call to action per plan,
// whose hit area covers its whole card (a click on the name or price proceeds too).
// For a subscriber, their plan is marked "Current plan" and no plan offers a checkout.
import { useId, type ReactNode } from 'react';
import { defineMessage, useIntl } from 'react-intl';
import { Badge } from './badge';
import { Button } from './button';
import { planMessages, usePlanTexts, type PlanView } from './plan-view';

const perInterval = defineMessage<{ interval: string }>({
  id: 'plan.perIntervalShort',
  defaultMessage: '/{interval, select, day {day} week {week} year {year} other {month}}',
});
const choose = defineMessage<{ name: string }>({ id: 'plan.choose', defaultMessage: 'Choose {name}' });

export interface PlanGridProps {
  plans: readonly PlanView[];
  onChoose: (id: string) => void;
  busy?: boolean;
  /** The plan the account subscribes to now: marked, and no plan offers a checkout. */
  currentPlanId?: string | null;
  /** What a subscriber's current plan offers instead of a checkout (e.g. a link to Billing). */
  currentPlanAction?: ReactNode;
  /** A promotion code's first paid charge for a plan (decision 069), shown under its price. */
  firstCharge?: (plan: PlanView) => FirstCharge | null;
}

/** "First payment with WELCOME50" and what it costs. */
export interface FirstCharge {
  label: string;
  price: string;
}

export function PlanGrid({ plans, onChoose, busy = false, currentPlanId = null, currentPlanAction, firstCharge }: PlanGridProps) {
  const intl = useIntl();
  const texts = usePlanTexts();
  const baseId = useId();
  const subscribed = currentPlanId !== null;

  return (
    <ul className="plan-grid" aria-label={intl.formatMessage(planMessages.chooseLabel)} aria-busy={busy || undefined}>
      {plans.map((plan) => {
        const t = texts(plan);
        const current = plan.id === currentPlanId;
        const first = firstCharge?.(plan) ?? null;
        const nameId = `${baseId}-${plan.id}-name`;
        const classes = ['plan-card', plan.popular && !subscribed ? 'plan-card--popular' : '', current ? 'plan-card--current' : ''].filter(Boolean).join(' ');
        return (
          <li key={plan.id} className="plan-grid__item">
            <article className={classes} aria-labelledby={nameId}>
              {current ? (
                <Badge tone="success" icon="✓" className="plan-card__flag">{intl.formatMessage(planMessages.current)}</Badge>
              ) : plan.popular && !subscribed ? (
                <Badge tone="accent" className="plan-card__flag">{intl.formatMessage(planMessages.mostPopular)}</Badge>
              ) : null}
              <div className="plan-card__head">
                <h2 id={nameId} className="plan-card__name">
                  {plan.name.toLocaleUpperCase(intl.locale)}
                </h2>
                <span className="plan-card__resolution">{plan.resolution}</span>
              </div>
              <p className="plan-card__price">
                <span className="plan-card__amount">{t.price}</span>
                <span className="plan-card__interval">{intl.formatMessage(perInterval, { interval: plan.interval })}</span>
              </p>
              {first ? (
                <p className="plan-card__first-charge">
                  {first.label}: <strong>{first.price}</strong>
                </p>
              ) : null}
              <dl className="plan-card__rows">
                <PlanRow label={intl.formatMessage(planMessages.duration_label)} value={t.duration} />
                <PlanRow label={intl.formatMessage(planMessages.quality)} value={plan.quality} />
                <PlanRow label={intl.formatMessage(planMessages.resolution)} value={plan.resolutionFull ?? plan.resolution} />
                <PlanRow label={intl.formatMessage(planMessages.devices)} value={t.devices} />
                <PlanRow label={intl.formatMessage(planMessages.screens)} value={String(t.screens)} />
                {plan.downloads !== undefined ? <PlanRow label={intl.formatMessage(planMessages.downloads)} value={String(plan.downloads)} /> : null}
              </dl>
              <div className="plan-card__action">
                {current ? (
                  currentPlanAction
                ) : subscribed ? null : (
                  <Button
                    variant={plan.popular ? 'primary' : 'secondary'}
                    block
                    className="plan-card__choose"
                    disabled={busy}
                    onClick={() => onChoose(plan.id)}
                  >
                    {intl.formatMessage(choose, { name: plan.name })}
                  </Button>
                )}
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}

function PlanRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="plan-card__row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
