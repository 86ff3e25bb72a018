import type { ParticipationKind } from '../contests/formats';
import { isAdmin, type Viewer } from './access-policy';

/**
 * Who gets into a contest and reads its problems (issue 32), decided here and only here: the API applies these rules
 * to every route under /api/contests/{contestId} and to contest submissions, its access module says the problem rule
 * in SQL for the contest page's list (openContestProblemsWhere), and the SPA may read them too.
 */

/** One of the viewer's own rows in a contest: their registration (`official`) or their virtual run. */
export interface ContestSeat {
  kind: ParticipationKind;
  startedAt: Date | null;
  endsAt: Date | null;
}

/** The viewer's rows in the contest (none, their registration, their virtual run, or both). */
export type ContestSeats = ContestSeat[];

/** What the rules read of a contest: whether it is public, by invitation only (private without a code), and its clock. */
export interface ContestGate {
  isPublic: boolean;
  inviteOnly: boolean;
  startsAt: Date;
  endsAt: Date;
}

/** What the problem rule reads of a problem: a public one is in the archive already, so no contest hides it. */
interface ProblemVisibility {
  isPublic: boolean;
}

/**
 * Whom a contest admitted: admins, and whoever has a row in it, registered (with the code, or added by an admin) or
 * on a virtual run (which only the admitted may start in a private contest).
 */
export function isAdmittedTo(seats: ContestSeats, viewer: Viewer): boolean {
  return isAdmin(viewer) || seats.length > 0;
}

/**
 * Whether the contest exists for the viewer: a public contest for everyone, a private one with an access code for
 * whoever has its link (its page is where the code is entered), an invitation-only one for those it admitted alone.
 * Every route under /api/contests/{contestId} answers 404 to the others, as for a contest that does not exist.
 */
export function canSeeContest(contest: Pick<ContestGate, 'isPublic' | 'inviteOnly'>, seats: ContestSeats, viewer: Viewer): boolean {
  return contest.isPublic || !contest.inviteOnly || isAdmittedTo(seats, viewer);
}

/**
 * A contest's problems through the contest, by its clock: admins always; registered participants from the start; a
 * virtual participant during their run (which also holds when an admin moves the end past a run under way); after
 * the end, as practice, everyone for a public contest and those it admitted for a private one. Whether one problem
 * is open also depends on the other contests holding it: canReadContestProblem.
 */
export function canReadContestProblems(
  contest: Pick<ContestGate, 'isPublic' | 'startsAt' | 'endsAt'>,
  seats: ContestSeats,
  viewer: Viewer,
  now: Date,
): boolean {
  if (isAdmin(viewer)) return true;
  if (now >= contest.endsAt) return contest.isPublic || isAdmittedTo(seats, viewer);
  return seats.some((seat) =>
    seat.kind === 'official' ? now >= contest.startsAt : !!seat.startedAt && !!seat.endsAt && now >= seat.startedAt && now < seat.endsAt,
  );
}

/**
 * Whether a contest that holds a problem still hides it: a private problem until the contest's end. Before then
 * it is the contest's secret, whichever other contest also holds it.
 */
export function contestHidesProblem(holder: Pick<ContestGate, 'endsAt'>, problem: ProblemVisibility, now: Date): boolean {
  return !problem.isPublic && now < holder.endsAt;
}

/**
 * One problem of `contest`, open to the viewer through it only when no rule hides it: the contest's own clock must let
 * them read (canReadContestProblems), and once the contest has ended, its opening (practice, virtual runs) gives
 * nothing that another contest still hides (`otherHolders`: the other contests holding the problem). While the
 * contest runs, its participants read what it holds, as the contest itself gives it to them. Admins read everything.
 */
export function canReadContestProblem(
  problem: ProblemVisibility,
  contest: Pick<ContestGate, 'isPublic' | 'startsAt' | 'endsAt'>,
  seats: ContestSeats,
  otherHolders: Pick<ContestGate, 'endsAt'>[],
  viewer: Viewer,
  now: Date,
): boolean {
  if (isAdmin(viewer)) return true;
  if (!canReadContestProblems(contest, seats, viewer, now)) return false;
  if (now < contest.endsAt) return true;
  return !otherHolders.some((holder) => contestHidesProblem(holder, problem, now));
}
