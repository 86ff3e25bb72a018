import '../submissions.css';

import type { SubmissionRow } from '../../../live/live-paging';
import { DetailsByTime, ProblemCell, ScoreCell, StatusCell } from './SubmissionsTable';

interface Props {
  rows: SubmissionRow[];
  emptyText: string;
  onDetails: (id: string) => void;
  onResubmit: (row: SubmissionRow) => void;
  canResubmit: (row: SubmissionRow) => boolean;
}

/** The dashboard's Recent Submissions (SPEC 2): Problem, Status, Score, Language, Submitted, Re-submit. */
export function RecentSubmissionsTable({ rows, emptyText, onDetails, onResubmit, canResubmit }: Props) {
  if (!rows.length) return <p className="muted">{emptyText}</p>;
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Recent submissions table">
      <table className="table submissions recent stack">
        <thead>
          <tr>
            <th>Problem</th>
            <th>Status</th>
            <th className="num">Score</th>
            <th>Language</th>
            <th>Submitted</th>
            <th>Re-submit</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-submission-id={row.id}>
              <ProblemCell row={row} />
              <StatusCell row={row} />
              <ScoreCell row={row} />
              <td data-label="Language">{row.language}</td>
              <td data-label="Submitted">
                <DetailsByTime row={row} onDetails={onDetails} />
              </td>
              <td data-label="Re-submit">
                {canResubmit(row) && (
                  <button className="btn small" onClick={() => onResubmit(row)}>
                    Re-submit
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
