import type { Schemas } from '@oj/api-client';
import { heatmapLevel } from '@oj/contracts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The week column (0-based) in which each month of a UTC year starts, weeks starting on Sunday. */
export function monthColumns(year: number): number[] {
  const lead = new Date(Date.UTC(year, 0, 1)).getUTCDay();
  return MONTHS.map((_, month) => Math.floor((lead + (Date.UTC(year, month, 1) - Date.UTC(year, 0, 1)) / 86_400_000) / 7));
}

/** Daily cells of a UTC calendar year in weeks starting on Sunday, month names above; scrolls in its own box on a phone. */
export function Heatmap({ year, items }: { year: number; items: Schemas['HeatmapItemDto'][] }) {
  const byDate = new Map(items.map((i) => [i.date, i]));
  const start = new Date(Date.UTC(year, 0, 1));
  const cells: (string | null)[] = Array.from({ length: start.getUTCDay() }, () => null);
  for (let d = new Date(start); d.getUTCFullYear() === year; d.setUTCDate(d.getUTCDate() + 1)) cells.push(d.toISOString().slice(0, 10));
  return (
    <div className="heatmap-wrap">
      <div className="heatmap-scroll" tabIndex={0} aria-label={`Activity in ${year}, scrollable`}>
        <div className="heatmap-months" aria-hidden="true">
          {monthColumns(year).map((column, month) => (
            <span key={month} style={{ gridColumnStart: column + 1 }}>
              {MONTHS[month]}
            </span>
          ))}
        </div>
        <div className="heatmap" role="grid" aria-label={`Activity in ${year}`}>
          {cells.map((date, i) => {
            if (!date) return <span key={`pad-${i}`} className="cell pad" />;
            const item = byDate.get(date);
            const title = item ? `${date}: ${item.submitCount} submissions, ${item.acCount} accepted` : `${date}: No submissions`;
            return <span key={date} className={`cell level-${heatmapLevel(item?.submitCount ?? 0)}`} title={title} />;
          })}
        </div>
      </div>
      <div className="legend">
        Less{' '}
        {[0, 1, 2, 3, 4].map((l) => (
          <span key={l} className={`cell level-${l}`} />
        ))}{' '}
        More
      </div>
    </div>
  );
}
