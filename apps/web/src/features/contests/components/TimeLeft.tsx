import '../contests.css';

import { shortDate } from '../../../components/format';
import type { Contest } from '../api';
import { endOfMyTime, formatDuration } from '../contest-time';
import { useServerNow } from '../hooks/useServerNow';

/**
 * The countdown to the start, the caller's time left (in the contest or their virtual run), or that it is over; on
 * the server's clock, so it turns at the moment the server does (the page reads the contest again then).
 */
export function TimeLeft({ contest }: { contest: Contest }) {
  const now = useServerNow();
  const run = contest.participation?.kind === 'virtual' ? contest.participation : null;
  const startsAt = new Date(contest.startsAt).getTime();
  if (now < startsAt) return <p className="countdown">Starts in {formatDuration(startsAt - now)}</p>;
  if (run?.endsAt && new Date(run.endsAt).getTime() > now)
    return (
      <p className="countdown" role="timer">
        Virtual run: time left {formatDuration(new Date(run.endsAt).getTime() - now)}
      </p>
    );
  if (run?.endsAt) return <p className="muted">Your virtual run ended {shortDate(run.endsAt)}. Submissions now are practice.</p>;
  if (now >= new Date(contest.endsAt).getTime())
    return <p className="muted">Ended {shortDate(contest.endsAt)}. Submissions now are practice.</p>;
  const myEnd = endOfMyTime(contest);
  if (now >= myEnd) return <p className="muted">Your time in this contest is over. Submissions open again as practice after the end.</p>;
  return (
    <p className="countdown" role="timer">
      Time left {formatDuration(myEnd - now)}
    </p>
  );
}
