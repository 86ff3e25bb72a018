import { SubmissionRow } from '@oj/contracts';
import { Link } from 'react-router-dom';
import { shortDate } from './format';
import { StatusBadge } from './StatusBadge';

interface Props {
  rows: SubmissionRow[];
  emptyText: string;
  showProblem?: boolean;
  onDetails: (id: string) => void;
  onResubmit?: (row: SubmissionRow) => void;
  canResubmit?: (row: SubmissionRow) => boolean;
  /** Without the Actions column (the global list for non-admins), the time opens the details instead. */
  showActions?: boolean;
}

/** Time, User, Language, Status, Score, Runtime, Memory, Actions; a progress bar while grading. */
export function SubmissionsTable({ rows, emptyText, showProblem = false, onDetails, onResubmit, canResubmit, showActions = true }: Props) {
  if (!rows.length) return <p className="muted">{emptyText}</p>;
  return (
    <div className="table-wrap">
      <table className="table submissions">
        <thead>
          <tr>
            <th>Time</th>
            {showProblem && <th>Problem</th>}
            <th>User</th>
            <th>Language</th>
            <th>Status</th>
            <th className="num">Score</th>
            <th className="num">Runtime (ms)</th>
            <th className="num">Memory (KB)</th>
            {showActions && <th>Actions</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-submission-id={row.id}>
              <td>
                {showActions ? (
                  shortDate(row.createdAt)
                ) : (
                  <button className="link-button" onClick={() => onDetails(row.id)} aria-label={`Details of the submission of ${shortDate(row.createdAt)}`}>
                    {shortDate(row.createdAt)}
                  </button>
                )}
              </td>
              {showProblem && (
                <td>{row.problemTitle ? <Link to={`/problems/${row.problemId}`}>{row.problemTitle}</Link> : 'Unknown problem'}</td>
              )}
              <td>{row.userName ? <Link to={`/u/${row.userName}`}>{row.userName}</Link> : '(deleted user)'}</td>
              <td>{row.language}</td>
              <td className="status-cell">
                <StatusBadge status={row.status} />
                {row.status === 'running' && row.progress && (
                  <span className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={row.progress.total} aria-valuenow={row.progress.done}>
                    <span className="progress-bar" style={{ width: `${(100 * row.progress.done) / Math.max(1, row.progress.total)}%` }} />
                    <span className="progress-text">
                      Grading… {row.progress.done}/{row.progress.total}
                    </span>
                  </span>
                )}
              </td>
              <td className="num">{row.score}</td>
              <td className="num">{row.runtimeMs ?? '—'}</td>
              <td className="num">{row.memoryKB ?? '—'}</td>
              {showActions && (
                <td className="actions">
                  <button className="btn small" onClick={() => onDetails(row.id)}>
                    Details
                  </button>
                  {onResubmit && canResubmit?.(row) && (
                    <button className="btn small" onClick={() => onResubmit(row)}>
                      Re-submit
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
