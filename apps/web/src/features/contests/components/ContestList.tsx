import '../contests.css';

import { useState } from 'react';
import { Link } from 'react-router-dom';

import { errorMessage } from '../../../api/api-error';
import { plural } from '../../../components/format';
import { Pagination } from '../../../components/Pagination';
import { useSession } from '../../../session/SessionProvider';
import { type Contest } from '../api';
import { formatDuration, zonedDate } from '../contest-time';
import { useContestList } from '../hooks/useContest';
import { useContestEntry } from '../hooks/useContestEntry';
import { useContestListTurns } from '../hooks/useRefreshAt';
import { useServerNow } from '../hooks/useServerNow';
import { CalendarLink } from './CalendarLink';

const HEADINGS: Record<Contest['phase'], string> = { upcoming: 'Upcoming', running: 'Running', past: 'Past' };

/** How long the contest lasts: "2 h 30 min", "45 min". */
function lasting(contest: Contest): string {
  const minutes = Math.round((new Date(contest.endsAt).getTime() - new Date(contest.startsAt).getTime()) / 60_000);
  const hours = Math.floor(minutes / 60);
  return [hours ? `${hours} h` : '', minutes % 60 ? `${minutes % 60} min` : ''].filter(Boolean).join(' ') || '0 min';
}

/** Register from the list, where the contest takes it without a code; signed-in users who are not admins. */
function ListRegister({ contest }: { contest: Contest }) {
  const { user, isAdmin } = useSession();
  const { register } = useContestEntry(contest.contestId, '');
  if (!user || isAdmin || contest.participation || contest.needsAccessCode || contest.inviteOnly) return null;
  return (
    <>
      <button
        className="btn small primary"
        onClick={() => register.mutate()}
        disabled={register.isPending}
        aria-label={`Register for ${contest.title}`}
      >
        Register
      </button>
      {register.isError && <span className="error">{errorMessage(register.error, 'Failed to register.')}</span>}
    </>
  );
}

function Countdown({ to, label }: { to: string; label: string }) {
  const now = useServerNow();
  return (
    <span className="countdown" aria-label={`${label} ${formatDuration(new Date(to).getTime() - now)}`}>
      {label} <time dateTime={to}>{formatDuration(new Date(to).getTime() - now)}</time>
    </span>
  );
}

/** One phase's contests, each with its window and, for upcoming and running ones, a countdown. */
function PhaseSection({ phase }: { phase: Contest['phase'] }) {
  const [page, setPage] = useState(1);
  const list = useContestList(phase, page);
  useContestListTurns(list.data?.items);
  const headingId = `contests-${phase}`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{HEADINGS[phase]}</h2>
      {list.isPending && <p className="muted">Loading…</p>}
      {list.isError && <p className="error">{errorMessage(list.error, 'Failed to load contests.')}</p>}
      {list.data && !list.data.items.length && <p className="muted">No {HEADINGS[phase].toLowerCase()} contests.</p>}
      {!!list.data?.items.length && (
        <ul className="contest-list">
          {list.data.items.map((c) => (
            <li key={c.contestId}>
              <Link to={`/contests/${c.contestId}`}>{c.title}</Link> <span className="tag">{c.format.toUpperCase()}</span>
              {!c.isPublic && <span className="badge private">Private</span>}
              {c.participation?.kind === 'official' && <span className="badge registered">Registered</span>}
              <div className="muted small">
                <time dateTime={c.startsAt}>{zonedDate(c.startsAt)}</time> – <time dateTime={c.endsAt}>{zonedDate(c.endsAt)}</time> ·{' '}
                {lasting(c)}
                {c.durationMinutes ? ` · ${plural(c.durationMinutes, 'minute')} each` : ''} · {plural(c.participantCount, 'participant')}
              </div>
              {phase !== 'past' && <ListRegister contest={c} />}
              {phase === 'upcoming' && <Countdown to={c.startsAt} label="Starts in" />}
              {phase === 'running' && <Countdown to={c.endsAt} label="Ends in" />}
              <span className="row">
                {phase !== 'upcoming' && (
                  <Link className="small" to={`/contests/${c.contestId}/scoreboard`}>
                    Scoreboard
                  </Link>
                )}
                {phase !== 'past' && <CalendarLink contest={c} />}
              </span>
            </li>
          ))}
        </ul>
      )}
      {list.data && <Pagination page={page} totalPages={list.data.totalPages} onPage={setPage} />}
    </section>
  );
}

/** The contests page: running first (what people come for), then upcoming, then past. */
export function ContestList() {
  const { isAdmin } = useSession();
  return (
    <div className="contests">
      <div className="section-head">
        <h1>Contests</h1>
        {isAdmin && (
          <Link className="btn primary small" to="/admin/contests/new">
            New Contest
          </Link>
        )}
      </div>
      <PhaseSection phase="running" />
      <PhaseSection phase="upcoming" />
      <PhaseSection phase="past" />
    </div>
  );
}
