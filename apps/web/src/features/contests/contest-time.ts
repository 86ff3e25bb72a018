import { freezeStartsAt } from '@oj/contracts';

/** "2d 03:04:05" / "03:04:05": a countdown or the time left, to the second. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const clock = [Math.floor(total / 3600) % 24, Math.floor(total / 60) % 60, total % 60].map((n) => String(n).padStart(2, '0')).join(':');
  return days ? `${days}d ${clock}` : clock;
}

/** When the caller's own time ends: their window's end where the contest gives one, else the contest's. */
export function endOfMyTime(contest: { endsAt: string; participation: { endsAt: string | null } | null }): number {
  return new Date(contest.participation?.endsAt ?? contest.endsAt).getTime();
}

/** Whether the caller's virtual run of the contest is on at `now`: its submissions count on their virtual board. */
export function virtualRunOn(contest: { participation: { kind: string; endsAt: string | null } | null }, now: number): boolean {
  const run = contest.participation;
  return run?.kind === 'virtual' && !!run.endsAt && new Date(run.endsAt).getTime() > now;
}

/**
 * The moments (ms) at which the contest changes for the caller: its start (problems open), the freeze, the end, and
 * the end of the caller's own window or virtual run.
 */
export function contestMoments(contest: {
  startsAt: string;
  endsAt: string;
  freezeMinutes: number | null;
  participation: { endsAt: string | null } | null;
}): number[] {
  const endsAt = new Date(contest.endsAt).getTime();
  const moments = [new Date(contest.startsAt).getTime(), endsAt];
  const freezeAt = freezeStartsAt(new Date(endsAt), contest.freezeMinutes);
  if (freezeAt) moments.push(freezeAt.getTime());
  if (contest.participation?.endsAt) moments.push(new Date(contest.participation.endsAt).getTime());
  return moments;
}

/** The first of `moments` after `at`, if any. */
export function nextMoment(moments: number[], at: number): number | undefined {
  const later = moments.filter((moment) => moment > at);
  return later.length ? Math.min(...later) : undefined;
}

/** A date with its time zone, so a contest abroad reads right: "Dec 1, 09:00 GMT+1". */
export const zonedDate = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZoneName: 'short',
  });
