import '../dashboard.css';

import type { Schemas } from '@oj/api-client';
import { heatmapLevel } from '@oj/contracts';
import { useLayoutEffect, useRef } from 'react';

import { plural } from '../../../components/format';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The week column (0-based) in which each month of a UTC year starts, weeks starting on Sunday. */
export function monthColumns(year: number): number[] {
  const lead = new Date(Date.UTC(year, 0, 1)).getUTCDay();
  return MONTHS.map((_, month) => Math.floor((lead + (Date.UTC(year, month, 1) - Date.UTC(year, 0, 1)) / 86_400_000) / 7));
}

/** The week column (0-based) of a UTC day in its year's heatmap. */
export function weekColumn(date: Date): number {
  const year = date.getUTCFullYear();
  const lead = new Date(Date.UTC(year, 0, 1)).getUTCDay();
  const day = Math.floor((Date.UTC(year, date.getUTCMonth(), date.getUTCDate()) - Date.UTC(year, 0, 1)) / 86_400_000);
  return Math.floor((lead + day) / 7);
}

/** Each week column's width: a 12 px cell and a 3 px gap (dashboard.css). */
const COLUMN_PX = 15;

/**
 * Where the scroll box opens: the current year ends at this week, so the current month and the ones before it are in
 * view on a phone rather than January; other years open at their start.
 */
export function openingScroll(year: number, today: Date, boxWidth: number): number {
  if (year !== today.getUTCFullYear()) return 0;
  return Math.max(0, (weekColumn(today) + 1) * COLUMN_PX - boxWidth);
}

/** Daily cells of a UTC calendar year in weeks starting on Sunday, month names above; scrolls in its own box on a phone. */
export function Heatmap({ year, items }: { year: number; items: Schemas['HeatmapItemDto'][] }) {
  const byDate = new Map(items.map((i) => [i.date, i]));
  const start = new Date(Date.UTC(year, 0, 1));
  const cells: (string | null)[] = Array.from({ length: start.getUTCDay() }, () => null);
  for (let d = new Date(start); d.getUTCFullYear() === year; d.setUTCDate(d.getUTCDate() + 1)) cells.push(d.toISOString().slice(0, 10));
  const scroll = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const box = scroll.current;
    if (box) box.scrollLeft = openingScroll(year, new Date(), box.clientWidth);
  }, [year]);
  return (
    <div className="heatmap-wrap">
      <div ref={scroll} className="heatmap-scroll" tabIndex={0} aria-label={`Activity in ${year}, scrollable`}>
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
            const title = item ? `${date}: ${plural(item.submitCount, 'submission')}, ${item.acCount} accepted` : `${date}: No submissions`;
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
