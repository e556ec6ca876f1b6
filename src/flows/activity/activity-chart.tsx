// Minutes or effort per week for the last 12 weeks, as an SVG bar chart with a title and a description;
// the numbers are in the table beside it (activity-screen.tsx). Drawn by hand: 12 bars need no
// charting library. Loaded lazily by /activity, so no other page's code carries it.
import { defineMessage, defineMessages, useIntl } from 'react-intl';

const messages = defineMessages({
  title: { id: 'activity.chart.title', defaultMessage: 'Minutes per week, last 12 weeks' },
  effortTitle: { id: 'activity.chart.effortTitle', defaultMessage: 'Effort per week, last 12 weeks' },
});
const description = defineMessage<{ total: number; best: number; current: number }>({
  id: 'activity.chart.description',
  defaultMessage: 'Bar chart of {total} minutes over 12 weeks; the best week had {best} minutes and this week has {current}. The table below has each week.',
});
const effortDescription = defineMessage<{ total: number; best: number; current: number }>({
  id: 'activity.chart.effortDescription',
  defaultMessage: 'Bar chart of {total} effort points over 12 weeks; the best week had {best} and this week has {current}. The table below has each week.',
});

export type WeekMetric = 'minutes' | 'effort';

/** A week as the chart reads it (the contract's WeekTotal). */
type WeekTotal = { weekStart: string } & Record<WeekMetric, number>;

const WIDTH = 640;
const HEIGHT = 220;
const TOP = 16;
const BOTTOM = 34;
const LEFT = 52;

export default function ActivityChart({ weeks, goalMinutes, metric = 'minutes' }: { weeks: WeekTotal[]; goalMinutes: number | null; metric?: WeekMetric }) {
  const intl = useIntl();
  const id = `activity-chart-${metric}`;
  const valueOf = (week: WeekTotal) => week[metric];
  const best = Math.max(0, ...weeks.map(valueOf));
  const top = Math.max(30, best, goalMinutes ?? 0);
  const plot = HEIGHT - TOP - BOTTOM;
  const slot = (WIDTH - LEFT) / weeks.length;
  const y = (minutes: number) => TOP + plot - (minutes / top) * plot;
  const label = (weekStart: string) => intl.formatDate(new Date(`${weekStart}T00:00:00Z`), { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const total = weeks.reduce((sum, week) => sum + valueOf(week), 0);
  const current = weeks.at(-1)?.[metric] ?? 0;
  return (
    <svg className="activity-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} preserveAspectRatio="xMidYMid meet">
      <title id={`${id}-title`}>{intl.formatMessage(metric === 'minutes' ? messages.title : messages.effortTitle)}</title>
      <desc id={`${id}-desc`}>{intl.formatMessage(metric === 'minutes' ? description : effortDescription, { total, best, current })}</desc>
      <line x1={LEFT} x2={WIDTH} y1={y(0)} y2={y(0)} className="activity-chart__axis" />
      <text x={LEFT - 6} y={y(top) + 4} className="activity-chart__tick" textAnchor="end">
        {top}
      </text>
      <text x={LEFT - 6} y={y(0)} className="activity-chart__tick" textAnchor="end">
        0
      </text>
      {goalMinutes !== null && <line x1={LEFT} x2={WIDTH} y1={y(goalMinutes)} y2={y(goalMinutes)} className="activity-chart__goal" />}
      {weeks.map((week, index) => {
        const x = LEFT + index * slot + slot * 0.15;
        const height = y(0) - y(valueOf(week));
        return (
          <g key={week.weekStart}>
            <rect x={x} y={y(valueOf(week))} width={slot * 0.7} height={Math.max(height, 0)} rx={3} className={index === weeks.length - 1 ? 'activity-chart__bar activity-chart__bar--current' : 'activity-chart__bar'} />
            {index % 2 === 1 && (
              // Every other week labelled; on a phone, where labels are drawn larger, every fourth (catalog.css).
              <text x={x + slot * 0.35} y={HEIGHT - 8} className={index % 4 === 1 ? 'activity-chart__tick' : 'activity-chart__tick activity-chart__tick--between'} textAnchor="middle">
                {label(week.weekStart)}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
