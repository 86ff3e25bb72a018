import '../../problems/problems.css';

import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { ApiError } from '../../../api/api-error';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useSession } from '../../../session/SessionProvider';
import { Statement } from '../../problems/components/Statement';
import { SubmitForm } from '../../problems/components/SubmitForm';
import { LiveSubmissionList } from '../../submissions/components/LiveSubmissionList';
import { virtualRunOn } from '../contest-time';
import { useContest, useContestProblem } from '../hooks/useContest';
import { serverNow } from '../server-clock';
import { TimeLeft } from './TimeLeft';

/**
 * A contest problem: the problem page's statement, editor, Run and live verdicts, submitting into the contest (the
 * API counts a submission in the caller's virtual run while it is on).
 */
export function ContestProblem({ contestId, label }: { contestId: number; label: string }) {
  const { user } = useSession();
  const location = useLocation();
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const contest = useContest(contestId).data;
  const problem = useContestProblem(contestId, label);
  useDocumentTitle(problem.data ? `${label}. ${problem.data.title}` : undefined);
  if (problem.isPending) return <p className="muted">Loading…</p>;
  if (problem.isError) {
    const notFound = problem.error instanceof ApiError && problem.error.status === 404;
    return <p className="error">{notFound ? 'This problem is not open to you yet.' : 'Failed to load the problem.'}</p>;
  }
  const p = problem.data;
  return (
    <article className="problem">
      <header className="problem-head">
        <p>
          <Link to={`/contests/${contestId}`}>← Contest</Link> · <Link to={`/contests/${contestId}/scoreboard`}>Scoreboard</Link>
        </p>
        <h1>
          {label}. {p.title}
        </h1>
        <p className="muted">
          {p.cpuTimeLimit} s · {p.memoryLimit} MB · {p.totalPoints} points
        </p>
        {/* The time left here too, so a participant (or a virtual run) sees it while solving. */}
        {contest && <TimeLeft contest={contest} />}
      </header>
      <div className="problem-layout">
        <Statement p={p} canEdit={false} />
        <div className="problem-work">
          {user ? (
            <SubmitForm
              problemId={p.problemId}
              contestId={contestId}
              allowed={p.judge0LanguageIds}
              samples={p.samples}
              onSubmitted={setSubmitted}
              // The contest is read again at its end, so this turns on its own then.
              practice={!!contest && contest.phase === 'past' && !virtualRunOn(contest, serverNow())}
            />
          ) : (
            <p className="card login-prompt">
              <Link to="/login" state={{ from: location }}>
                Log in
              </Link>{' '}
              to submit a solution.
            </p>
          )}
        </div>
      </div>
      {user && (
        <section className="card" aria-labelledby="contest-problem-submissions">
          <h2 id="contest-problem-submissions">My Submissions</h2>
          <LiveSubmissionList
            source={{ kind: 'contest', contestId }}
            matches={(event) => event.userId === user.id && event.problemId === p.problemId}
            emptyText="No submissions yet."
            showProblem
            page={page}
            onPage={setPage}
            revealId={submitted}
          />
        </section>
      )}
    </article>
  );
}
