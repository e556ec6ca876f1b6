// PlanStrip: the mobile plan chooser: compact chips that fit a narrow screen; the details of
// the selected plan go in PlanTable below, and the screen's Next proceeds.
import { useIntl } from 'react-intl';
import { planMessages, topTierId, usePlanTexts, type PlanView } from './plan-view';
import { useRadioGroupKeys } from './radio-group-keys';

export interface PlanStripProps {
  plans: readonly PlanView[];
  selectedId?: string;
  onSelect: (id: string) => void;
  /** The plan the account subscribes to now, flagged "Current plan". */
  currentPlanId?: string | null;
}

export function PlanStrip({ plans, selectedId, onSelect, currentPlanId = null }: PlanStripProps) {
  const intl = useIntl();
  const texts = usePlanTexts();
  const ids = plans.map((plan) => plan.id);
  const { onKeyDown, register, tabStop } = useRadioGroupKeys(ids, selectedId, onSelect);
  const topId = topTierId(plans);

  return (
    <div role="radiogroup" aria-label={intl.formatMessage(planMessages.chooseLabel)} className="plan-strip" onKeyDown={onKeyDown}>
      {plans.map((plan) => {
        const t = texts(plan);
        const selected = plan.id === selectedId;
        return (
          <button
            key={plan.id}
            ref={register(plan.id)}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={plan.id === tabStop ? 0 : -1}
            className={`plan-chip${selected ? ' plan-chip--selected' : ''}`}
            onClick={() => onSelect(plan.id)}
          >
            {plan.id === currentPlanId ? (
              <span className="plan-chip__flag plan-chip__flag--current">{intl.formatMessage(planMessages.current)}</span>
            ) : plan.popular && currentPlanId === null ? (
              <span className="plan-chip__flag">{intl.formatMessage(planMessages.popular)}</span>
            ) : null}
            <span className="plan-chip__name">
              {plan.name}
              {plan.id === topId && plans.length > 1 ? (
                <svg className="plan-chip__icon" width="14" height="14" viewBox="0 0 24 24" role="img" aria-label={intl.formatMessage(planMessages.premiumIcon)}>
                  <path fill="currentColor" d="M2 19h20l-2-11-5 4-3-7-3 7-5-4z" />
                </svg>
              ) : null}
            </span>
            <span className="plan-chip__resolution">{plan.resolution}</span>
            <span className="plan-chip__price">{t.price}</span>
            <span className="plan-chip__duration">{t.duration}</span>
          </button>
        );
      })}
    </div>
  );
}
