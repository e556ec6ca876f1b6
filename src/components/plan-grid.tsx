// PlanGrid: the desktop plan chooser, every plan side by side so they compare at a glance.
// Arrow keys only move the selection; a click or Enter chooses, which starts a checkout, so
// browsing by keyboard never pays by accident.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { planMessages, usePlanTexts, type PlanView } from './plan-view';
import { useRadioGroupKeys } from './radio-group-keys';

export interface PlanGridProps {
  plans: readonly PlanView[];
  selectedId?: string;
  onSelect: (id: string) => void;
  onChoose: (id: string) => void;
  busy?: boolean;
}

export function PlanGrid({ plans, selectedId, onSelect, onChoose, busy = false }: PlanGridProps) {
  const intl = useIntl();
  const texts = usePlanTexts();
  const baseId = useId();
  const ids = plans.map((plan) => plan.id);
  const { onKeyDown, register, tabStop } = useRadioGroupKeys(ids, selectedId, onSelect);

  return (
    <div
      role="radiogroup"
      aria-label={intl.formatMessage(planMessages.chooseLabel)}
      aria-busy={busy || undefined}
      className="plan-grid"
      onKeyDown={onKeyDown}
    >
      {plans.map((plan) => {
        const t = texts(plan);
        const selected = plan.id === selectedId;
        const nameId = `${baseId}-${plan.id}-name`;
        const priceId = `${baseId}-${plan.id}-price`;
        return (
          <div
            key={plan.id}
            ref={register(plan.id)}
            role="radio"
            aria-checked={selected}
            aria-labelledby={nameId}
            aria-describedby={priceId}
            aria-disabled={busy || undefined}
            tabIndex={plan.id === tabStop ? 0 : -1}
            className={`plan-card${selected ? ' plan-card--selected' : ''}${plan.popular ? ' plan-card--popular' : ''}`}
            onClick={() => {
              if (busy) return;
              onSelect(plan.id);
              onChoose(plan.id);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' && event.key !== ' ') return;
              event.preventDefault();
              if (busy) return;
              onSelect(plan.id);
              onChoose(plan.id);
            }}
          >
            <div className="plan-card__head">
              {plan.popular ? <span className="plan-card__flag">{intl.formatMessage(planMessages.mostPopular)}</span> : null}
              <span id={nameId} className="plan-card__name">
                {plan.name.toLocaleUpperCase(intl.locale)}
              </span>
              <span className="plan-card__resolution">{plan.resolution}</span>
              {selected ? (
                <span className="plan-card__check" aria-hidden="true">
                  ✓
                </span>
              ) : null}
            </div>
            <dl className="plan-card__rows">
              <PlanRow label={intl.formatMessage(planMessages.duration_label)} value={t.duration} />
              <PlanRow label={intl.formatMessage(planMessages.monthlyPrice)} value={t.price} valueId={priceId} />
              <PlanRow label={intl.formatMessage(planMessages.quality)} value={plan.quality} />
              <PlanRow label={intl.formatMessage(planMessages.resolution)} value={plan.resolutionFull ?? plan.resolution} />
              <PlanRow label={intl.formatMessage(planMessages.devices)} value={t.devices} />
              <PlanRow label={intl.formatMessage(planMessages.screens)} value={String(t.screens)} />
            </dl>
          </div>
        );
      })}
    </div>
  );
}

function PlanRow({ label, value, valueId }: { label: string; value: string; valueId?: string }) {
  return (
    <div className="plan-card__row">
      <dt>{label}</dt>
      <dd id={valueId}>{value}</dd>
    </div>
  );
}
