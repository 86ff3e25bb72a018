import '../submissions.css';

import { Link } from 'react-router-dom';

import { formatScore, shortDate } from '../../../components/format';
import { StatusBadge } from '../../../components/StatusBadge';
import { UserName } from '../../../components/UserName';
import type { SubmissionRow } from '../../../live/live-paging';
import { useSession } from '../../../session/SessionProvider';
import { resultHiddenFrom } from '../frozen-result';

/** The status badge ("Frozen" while a contest's freeze hides the result), with a progress bar while it is graded. */
export function StatusCell({ row }: { row: SubmissionRow }) {
  const { viewer } = useSession();
  return (
    <td className="status-cell" data-label="Status">
      <StatusBadge status={row.status} failedTest={row.failedTest} frozen={resultHiddenFrom(row, viewer)} />
      {row.status === 'running' && row.progress && (
        <span
          className="progress"
          role="progressbar"
          aria-label="Grading progress"
          aria-valuemin={0}
          aria-valuemax={row.progress.total}
          aria-valuenow={row.progress.done}
        >
          <span className="progress-bar" style={{ width: `${(100 * row.progress.done) / Math.max(1, row.progress.total)}%` }} />
          <span className="progress-text">
            Grading… {row.progress.done}/{row.progress.total}
          </span>
        </span>
      )}
    </td>
  );
}

/** The submission's time as the button that opens its details (where a row has no Actions column). */
export function DetailsByTime({ row, onDetails }: { row: SubmissionRow; onDetails: (id: string) => void }) {
  return (
    <button
      className="link-button"
      onClick={() => onDetails(row.id)}
      aria-label={`Details of the submission of ${shortDate(row.createdAt)}`}
    >
      {shortDate(row.createdAt)}
    </button>
  );
}

/** The score, or a dash while a contest's freeze hides it (the API's 0 is a stand-in). */
export function ScoreCell({ row }: { row: SubmissionRow }) {
  const { viewer } = useSession();
  return (
    <td className="num score-cell" data-label="Score">
      {resultHiddenFrom(row, viewer) ? '—' : formatScore(row.score)}
    </td>
  );
}

export function ProblemCell({ row }: { row: SubmissionRow }) {
  return (
    <td data-label="Problem">{row.problemTitle ? <Link to={`/problems/${row.problemId}`}>{row.problemTitle}</Link> : 'Unknown problem'}</td>
  );
}

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

/**
 * Time, User, Language, Status, Score, Runtime, Memory, Actions; a progress bar while grading. On a phone each row
 * becomes a card, Status and Score first (styles.css, `.table.stack`), so the verdict never hides off-screen.
 */
export function SubmissionsTable({ rows, emptyText, showProblem = false, onDetails, onResubmit, canResubmit, showActions = true }: Props) {
  if (!rows.length) return <p className="muted">{emptyText}</p>;
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Submissions table">
      <table className="table submissions stack">
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
              <td data-label="Time">{showActions ? shortDate(row.createdAt) : <DetailsByTime row={row} onDetails={onDetails} />}</td>
              {showProblem && <ProblemCell row={row} />}
              <td data-label="User">{row.userName ? <UserName username={row.userName} rating={row.userRating} /> : '(deleted user)'}</td>
              <td data-label="Language">{row.language}</td>
              <StatusCell row={row} />
              <ScoreCell row={row} />
              <td className="num" data-label="Runtime (ms)">
                {row.runtimeMs ?? '—'}
              </td>
              <td className="num" data-label="Memory (KB)">
                {row.memoryKB ?? '—'}
              </td>
              {showActions && (
                <td className="actions" data-label="Actions">
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
