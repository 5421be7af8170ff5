/** Takings by hour as a bar chart in plain SVG (no chart library): one bar per hour, its amount on top. */
import { formatEuros } from '@kermesse/ui-kit';
import type { Dashboard } from './dashboardApi';

const HEIGHT = 160;
const BAR = 36;
const GAP = 12;
const TOP = 22;
const BOTTOM = 22;

/** « 14 h » in the viewer's time zone. */
export const hourLabel = (startsAt: string) => `${new Date(startsAt).getHours()} h`;

export function HourChart({ hours }: { hours: Dashboard['byHour'] }) {
  if (hours.length === 0) return <p className="db-muted">Aucune vente pour l'instant.</p>;
  const max = Math.max(...hours.map((h) => h.amount), 0.01);
  const width = hours.length * (BAR + GAP) + GAP;
  const summary = hours.map((h) => `${hourLabel(h.startsAt)} : ${formatEuros(h.amount)}`).join(', ');
  return (
    <div className="db-chart">
      <svg
        role="img"
        aria-label={`Recettes par heure — ${summary}`}
        viewBox={`0 0 ${width} ${HEIGHT + TOP + BOTTOM}`}
        width={width}
        height={HEIGHT + TOP + BOTTOM}
      >
        <line x1={0} x2={width} y1={TOP + HEIGHT} y2={TOP + HEIGHT} className="db-chart__axis" />
        {hours.map((h, i) => {
          const height = Math.max(0, (h.amount / max) * HEIGHT);
          const x = GAP + i * (BAR + GAP);
          return (
            <g key={h.startsAt} data-hour={h.startsAt}>
              <title>{`${hourLabel(h.startsAt)} : ${h.sales} vente${h.sales > 1 ? 's' : ''}, ${formatEuros(h.amount)}`}</title>
              <rect x={x} y={TOP + HEIGHT - height} width={BAR} height={height} rx={3} className="db-chart__bar" />
              <text x={x + BAR / 2} y={TOP + HEIGHT - height - 6} textAnchor="middle" className="db-chart__value">
                {Math.round(h.amount)} €
              </text>
              <text x={x + BAR / 2} y={TOP + HEIGHT + 16} textAnchor="middle" className="db-chart__label">
                {hourLabel(h.startsAt)}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
