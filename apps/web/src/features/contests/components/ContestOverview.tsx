import '../contests.css';

import { useState } from 'react';
import { Link } from 'react-router-dom';

import { plural, shortDate } from '../../../components/format';
import { Markdown } from '../../../components/Markdown';
import { useSession } from '../../../session/SessionProvider';
import { ContestRatingChanges } from '../../ratings/components/ContestRatingChanges';
import { LiveSubmissionList } from '../../submissions/components/LiveSubmissionList';
import { type Contest } from '../api';
import { cellText } from '../board-csv';
import { useOwnVerdictsRefreshBoard, useScoreboardPage } from '../hooks/useScoreboard';
import { AddParticipant } from './AddParticipant';
import { CalendarLink } from './CalendarLink';
import { Clarifications } from './Clarifications';
import { ContestActions } from './ContestActions';
import { DeleteContest } from './DeleteContest';
import { TimeLeft } from './TimeLeft';

/** The contest's problems by label, with the caller's own cell from the board (`mine`), read again on each own verdict. */
function ProblemsTable({ contest }: { contest: Contest }) {
  const { user } = useSession();
  const board = useScoreboardPage(contest.contestId, 1, !!contest.participation);
  const mine = board.data?.mine;
  return (
    <section className="card" aria-labelledby="contest-problems">
      <h2 id="contest-problems">Problems</h2>
      <div className="table-wrap" tabIndex={0} role="region" aria-label="Problems table">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Label</th>
              <th scope="col">Problem</th>
              <th scope="col" className="num">
                Points
              </th>
              {user && <th scope="col">You</th>}
            </tr>
          </thead>
          <tbody>
            {contest.problems.map((p) => (
              <tr key={p.label}>
                <td>{p.label}</td>
                <td>
                  {p.title ? (
                    <Link to={`/contests/${contest.contestId}/problems/${p.label}`}>{p.title}</Link>
                  ) : (
                    <span className="muted">Hidden until the start</span>
                  )}
                </td>
                <td className="num">{p.points}</td>
                {user && <td>{cellText(contest.format, mine?.cells[p.label]) || '—'}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A contest page: the description, time, registration, problems, clarifications, and the caller's submissions in it. */
export function ContestOverview({ contest }: { contest: Contest }) {
  const { user, isAdmin } = useSession();
  const [page, setPage] = useState(1);
  const problemIds = new Set(contest.problems.map((p) => p.problemId));
  const onOwnVerdict = useOwnVerdictsRefreshBoard(contest, user?.id);
  return (
    <article className="contest">
      <header className="problem-head">
        <h1>{contest.title}</h1>
        <div className="row">
          <span className="tag">{contest.format.toUpperCase()}</span>
          {contest.rated && <span className="tag">Rated</span>}
          {contest.frozen && <span className="badge frozen">Frozen</span>}
          <span className="muted">
            {shortDate(contest.startsAt)} – {shortDate(contest.endsAt)}
            {contest.durationMinutes ? ` · ${contest.durationMinutes} min from your start` : ''} ·{' '}
            {plural(contest.participantCount, 'participant')}
          </span>
        </div>
        <TimeLeft contest={contest} />
        <div className="row">
          <Link className="btn small" to={`/contests/${contest.contestId}/scoreboard`}>
            Scoreboard
          </Link>
          {contest.phase !== 'past' && <CalendarLink contest={contest} />}
          {isAdmin && (
            <>
              <Link className="btn small" to={`/contests/${contest.contestId}/edit`}>
                Edit
              </Link>
              <Link className="btn small" to={`/contests/${contest.contestId}/similarity`}>
                Similarity
              </Link>
              <DeleteContest contest={contest} />
            </>
          )}
        </div>
        <ContestActions contest={contest} />
        {isAdmin && contest.phase !== 'past' && <AddParticipant contest={contest} />}
      </header>
      {contest.description && (
        <section aria-label="Description">
          <Markdown>{contest.description}</Markdown>
        </section>
      )}
      {contest.rated && <ContestRatingChanges contestId={contest.contestId} ended={contest.phase === 'past'} />}
      <ProblemsTable contest={contest} />
      <Clarifications contest={contest} />
      {user && (contest.participation || isAdmin) && (
        <section className="card" aria-labelledby="contest-submissions">
          {/* An admin's list is everyone's: the contest route gives admins every submission. */}
          <h2 id="contest-submissions">{isAdmin ? 'All submissions' : 'My Submissions'}</h2>
          <LiveSubmissionList
            source={{ kind: 'contest', contestId: contest.contestId }}
            matches={(event) => (isAdmin || event.userId === user.id) && problemIds.has(event.problemId)}
            emptyText="No submissions in this contest yet."
            showProblem
            page={page}
            onPage={setPage}
            onEvent={onOwnVerdict}
          />
        </section>
      )}
    </article>
  );
}
