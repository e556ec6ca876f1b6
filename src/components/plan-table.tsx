// PlanTable: every detail of one plan on a narrow screen, where the side-by-side grid does
// not fit.
import { useIntl } from 'react-intl';
import type { FirstCharge } from './plan-grid';
import { planMessages, usePlanTexts, type PlanView } from './plan-view';

export interface PlanTableProps {
  plan: PlanView;
  /** A promotion code's first paid charge (decision 069), the row after the price. */
  firstCharge?: FirstCharge | null;
}

export function PlanTable({ plan, firstCharge }: PlanTableProps) {
  const intl = useIntl();
  const t = usePlanTexts()(plan);
  const rows: [string, string][] = [
    [intl.formatMessage(plan.interval === 'year' ? planMessages.yearlyPrice : planMessages.monthlyPrice), t.price],
    ...(firstCharge ? [[firstCharge.label, firstCharge.price] as [string, string]] : []),
    [intl.formatMessage(planMessages.duration_label), t.duration],
    [intl.formatMessage(planMessages.quality), plan.quality],
    [intl.formatMessage(planMessages.resolution), plan.resolutionFull ?? plan.resolution],
    [intl.formatMessage(planMessages.devices), t.devices],
    [intl.formatMessage(planMessages.screens), String(t.screens)],
  ];
  if (plan.downloads !== undefined) rows.push([intl.formatMessage(planMessages.downloads), String(plan.downloads)]);
  return (
    <table className="plan-table">
      <caption className="plan-table__caption">{plan.name.toLocaleUpperCase(intl.locale)}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
