import { ReactNode } from 'react';

export interface TestResultRow {
  index: number;
  status: ReactNode;
  timeMs: number | null | undefined;
  memoryKB: number | null | undefined;
  /** Null where a test earns nothing of its own: in a `min` subtask the points are the subtask's, all or nothing. */
  points: number | null;
}

/** Per-test results (Test, Status, Time, Memory, Points): a graded submission's, or a validation run's. */
export function TestResultsTable({ rows }: { rows: TestResultRow[] }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Test results table">
      <table className="table compact test-results">
        <thead>
          <tr>
            <th>Test</th>
            <th>Status</th>
            <th className="num">Time (ms)</th>
            <th className="num">Memory (KB)</th>
            <th className="num">Points</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <tr key={t.index}>
              <td>#{t.index + 1}</td>
              <td>{t.status}</td>
              <td className="num">{t.timeMs ?? '—'}</td>
              <td className="num">{t.memoryKB ?? '—'}</td>
              <td className="num">{t.points ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
