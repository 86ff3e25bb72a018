import '../dashboard.css';

import type { Schemas } from '@oj/api-client';

const CARDS = [
  ['totalSubmissions', 'Submissions'],
  ['totalAC', 'Accepted'],
  ['totalWA', 'Wrong Answer'],
  ['totalTLE', 'Time Limit'],
  ['totalOLE', 'Output Limit'],
  ['totalRTE', 'Runtime Error'],
  ['totalCE', 'Compile Error'],
] as const;

/** The year's counts by verdict; a dash until they load. */
export function SummaryCards({ summary }: { summary: Schemas['DashboardSummaryDto'] | undefined }) {
  return (
    <div className="cards">
      {CARDS.map(([key, label]) => (
        <div className="stat" key={key}>
          <span className="stat-value">{summary?.[key] ?? '—'}</span>
          <span className="stat-label">{label}</span>
        </div>
      ))}
    </div>
  );
}
