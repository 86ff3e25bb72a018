import { Link } from 'react-router-dom';

import { errorMessage } from '../../../api/api-error';
import { type Contest } from '../api';
import { zonedDate } from '../contest-time';
import { useContestList } from '../hooks/useContest';

/** How many contests of each phase the home page names; the contests page has the rest. */
const SHOWN = 5;

/** One phase's contests on the home page: each with its start (or end) and a link to its page. */
function HomePhase({ phase, label }: { phase: 'running' | 'upcoming'; label: string }) {
  const list = useContestList(phase, 1);
  const items = list.data?.items.slice(0, SHOWN) ?? [];
  const when = (c: Contest) =>
    phase === 'running' ? (
      <>
        ends <time dateTime={c.endsAt}>{zonedDate(c.endsAt)}</time>
      </>
    ) : (
      <>
        starts <time dateTime={c.startsAt}>{zonedDate(c.startsAt)}</time>
      </>
    );
  if (list.isError) return <p className="error">{errorMessage(list.error, 'Failed to load contests.')}</p>;
  if (!items.length) return null;
  return (
    <>
      <h3>{label}</h3>
      <ul className="updates">
        {items.map((c) => (
          <li key={c.contestId}>
            <Link to={`/contests/${c.contestId}`}>{c.title}</Link>
            <span className="muted small">{when(c)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Home: the running and upcoming contests the caller may see (the API lists only those), and the way to all of them. */
export function HomeContests() {
  const running = useContestList('running', 1);
  const upcoming = useContestList('upcoming', 1);
  const none = running.data?.items.length === 0 && upcoming.data?.items.length === 0;
  return (
    <section className="card home-contests" aria-labelledby="home-contests">
      <h2 id="home-contests">Contests</h2>
      <HomePhase phase="running" label="Running now" />
      <HomePhase phase="upcoming" label="Upcoming" />
      {none && <p className="muted">No running or upcoming contests.</p>}
      <p>
        <Link to="/contests">All contests</Link>: running, upcoming and past rounds, with live scoreboards.
      </p>
    </section>
  );
}
