import '../contests.css';

import { shortDate } from '../../../components/format';
import type { Contest } from '../api';
import { endOfMyTime, formatDuration } from '../contest-time';
import { useNow } from '../hooks/useNow';

/** The countdown to the start, the caller's time left (in the contest or their virtual run), or that it is over. */
export function TimeLeft({ contest }: { contest: Contest }) {
  const now = useNow();
  const run = contest.participation?.kind === 'virtual' ? contest.participation : null;
  if (contest.phase === 'upcoming')
    return <p className="countdown">Starts in {formatDuration(new Date(contest.startsAt).getTime() - now)}</p>;
  if (run?.endsAt && new Date(run.endsAt).getTime() > now)
    return (
      <p className="countdown" role="timer">
        Virtual run: time left {formatDuration(new Date(run.endsAt).getTime() - now)}
      </p>
    );
  if (run?.endsAt) return <p className="muted">Your virtual run ended {shortDate(run.endsAt)}. Submissions now are practice.</p>;
  if (contest.phase === 'past') return <p className="muted">Ended {shortDate(contest.endsAt)}. Submissions now are practice.</p>;
  return (
    <p className="countdown" role="timer">
      Time left {formatDuration(endOfMyTime(contest) - now)}
    </p>
  );
}
