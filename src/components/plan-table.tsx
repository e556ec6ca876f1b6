// PlanTable: every detail of one plan on a narrow screen, where the side-by-side grid does
// not fit.
import { useIntl } from 'react-intl';
import { planMessages, usePlanTexts, type PlanView } from './plan-view';

export interface PlanTableProps {
  plan: PlanView;
}

export function PlanTable({ plan }: PlanTableProps) {
  const intl = useIntl();
  const t = usePlanTexts()(plan);
  const rows: [string, string][] = [
    [intl.formatMessage(planMessages.monthlyPrice), t.price],
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
