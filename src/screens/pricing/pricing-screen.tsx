// /pricing (step 4 of 4): a view of the pricing machine. Desktop: the plan grid (a click
// chooses and proceeds to checkout). Mobile: the plan strip, the chosen plan's table, Next.
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { PlanGrid, PlanStrip, PlanTable, PricingNotes, Spinner, StepHeader, usePlanTexts } from '../../components';
import { useSession } from '../../app/actors';
import { useFlow } from '../../app/flow';
import { useScrollToTopOn } from '../../app/navigation';
import { pricingMachine } from '../../../machines/pricing.machine';
import { NoticeBanner } from '../notice-banner';

const messages = defineMessages({
  title: { id: 'pricing.title', defaultMessage: 'Choose the right plan for you' },
  next: { id: 'pricing.next', defaultMessage: 'Next' },
  noPlans: { id: 'pricing.noPlans', defaultMessage: 'No plans are available right now.' },
});

const startingMessage = defineMessage<{ name: string; price: string; duration: string; resolution: string }>({
  id: 'pricing.starting',
  defaultMessage: 'Starting checkout for {name}: {price}, {duration}, {resolution}…',
});

export default function PricingScreen() {
  const intl = useIntl();
  const planTexts = usePlanTexts();
  const hasEmail = useSession((snapshot) => Boolean(snapshot.context.user?.email));
  const [snapshot, send] = useFlow(pricingMachine, { hasEmail });
  const { plans, selectedId, chosen, notice, scrollToTop } = snapshot.context;
  useScrollToTopOn(scrollToTop);
  const busy = snapshot.hasTag('busy');
  const selected = plans.find((plan) => plan.id === selectedId) ?? null;
  const select = (planId: string) => send({ type: 'plan.select', planId });

  return (
    <div className="page">
      <NoticeBanner notice={notice} onDismiss={() => send({ type: 'notice.dismiss' })} />
      <StepHeader step={4} title={intl.formatMessage(messages.title)} />
      {snapshot.hasTag('loading') ? (
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
          <div className="only-desktop">
            <PlanGrid plans={plans} selectedId={selectedId ?? undefined} onSelect={select} onChoose={(planId) => send({ type: 'plan.subscribe', planId })} busy={busy} />
          </div>
          <div className="only-mobile stack">
            <PlanStrip plans={plans} selectedId={selectedId ?? undefined} onSelect={select} />
            {selected ? <PlanTable plan={selected} /> : null}
            <button type="button" className="btn btn--primary btn--block" disabled={busy} onClick={() => send({ type: 'plan.subscribe' })}>
              {intl.formatMessage(messages.next)}
            </button>
          </div>
          {busy ? <Spinner overlay /> : null}
        </div>
      )}
      {/* After the plans: shown under the spinner, the notes would jump when the plans arrive. */}
      {snapshot.hasTag('loading') ? null : <PricingNotes />}
    </div>
  );
}
