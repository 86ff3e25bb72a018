import '../../problems/problems.css';
import '../contests.css';

import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { ApiError } from '../../../api/api-error';
import { plural } from '../../../components/format';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useSession } from '../../../session/SessionProvider';
import { Statement } from '../../problems/components/Statement';
import { SubmitForm } from '../../problems/components/SubmitForm';
import { LiveSubmissionList } from '../../submissions/components/LiveSubmissionList';
import type { Contest } from '../api';
import { virtualRunOn } from '../contest-time';
import { useContest, useContestProblem } from '../hooks/useContest';
import { serverNow } from '../server-clock';
import { TimeLeft } from './TimeLeft';

/** Tabs A, B, C… to the contest's other problems, the current one marked. */
function ProblemTabs({ contest, current }: { contest: Contest; current: string }) {
  return (
    <nav aria-label="Contest problems">
      <ul className="problem-tabs">
        {contest.problems.map((cp) => (
          <li key={cp.label}>
            <Link
              to={`/contests/${contest.contestId}/problems/${cp.label}`}
              aria-current={cp.label === current ? 'page' : undefined}
              title={cp.title || undefined}
              aria-label={cp.title ? `${cp.label}. ${cp.title}` : `Problem ${cp.label}`}
            >
              {cp.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Why a contest problem cannot be read yet, and what to do: log in, register, or wait for the start. */
function NotOpen({ contest }: { contest: Contest | undefined }) {
  const { user } = useSession();
  const location = useLocation();
  if (!user)
    return (
      <p className="card login-prompt">
        <Link to="/login" state={{ from: location }}>
          Log in to submit
        </Link>
        : the contest's problems open to its participants at the start.
      </p>
    );
  if (contest && !contest.participation && contest.phase === 'running')
    return (
      <p className="card">
        The contest's problems are for its participants: <Link to={`/contests/${contest.contestId}`}>register on the contest page</Link>.
      </p>
    );
  return <p className="error">This problem is not open to you yet.</p>;
}

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
  const tabs = contest && <ProblemTabs contest={contest} current={label} />;
  if (problem.isPending) return <p className="muted">Loading…</p>;
  if (problem.isError) {
    const notFound = problem.error instanceof ApiError && problem.error.status === 404;
    return (
      <>
        {tabs}
        {notFound ? <NotOpen contest={contest} /> : <p className="error">Failed to load the problem.</p>}
      </>
    );
  }
  const p = problem.data;
  // The contest's points for the problem (AtCoder's 300), not the problem's own total.
  const points = contest?.problems.find((cp) => cp.label === label)?.points ?? p.totalPoints;
  return (
    <article className="problem">
      <header className="problem-head">
        <p>
          <Link to={`/contests/${contestId}`}>← Contest</Link> · <Link to={`/contests/${contestId}/scoreboard`}>Scoreboard</Link>
        </p>
        {tabs}
        <h1>
          {label}. {p.title}
        </h1>
        <p className="muted">
          {p.cpuTimeLimit} s · {p.memoryLimit} MB · {plural(points, 'point')}
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
              templates={p.templates}
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
