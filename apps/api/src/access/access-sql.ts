import type { ContestEntity } from '@oj/db';
import type { ObjectLiteral } from 'typeorm';

import { isAdmin, Viewer } from './access-policy';

/** A WHERE condition and its named parameters, for `query.andWhere(sql, params)`. */
export interface SqlCondition {
  sql: string;
  params: ObjectLiteral;
}

const EVERYTHING: SqlCondition = { sql: 'TRUE', params: {} };

/** canSeeProblem in SQL, on the problems row aliased `alias`. */
export function visibleProblemsWhere(alias: string, viewer: Viewer): SqlCondition {
  return isAdmin(viewer) ? EVERYTHING : { sql: `${alias}.is_public`, params: {} };
}

/** canEditProblem in SQL, on the problems row aliased `alias`: every problem for admins, none for guests. */
export function editableProblemsWhere(alias: string, viewer: Viewer): SqlCondition {
  if (isAdmin(viewer)) return EVERYTHING;
  if (!viewer) return { sql: 'FALSE', params: {} };
  const visible = visibleProblemsWhere(alias, viewer);
  return { sql: `(${visible.sql} AND ${alias}.author_id = :accessViewerId)`, params: { ...visible.params, accessViewerId: viewer.id } };
}

/**
 * canSeeSubmission in SQL, on the submissions row aliased `alias`. The problem's visibility is read from the
 * row's own copy (problem_public, kept by the database), not the problems table, so a count of submissions
 * needs neither a join nor a look-up per row.
 */
export function visibleSubmissionsWhere(alias: string, viewer: Viewer): SqlCondition {
  if (isAdmin(viewer)) return EVERYTHING;
  const ofPublicProblem = `${alias}.problem_public`;
  if (!viewer) return { sql: ofPublicProblem, params: {} };
  return { sql: `(${ofPublicProblem} OR ${alias}.user_id = :accessViewerId)`, params: { accessViewerId: viewer.id } };
}

/** Whether the viewer (`:accessViewerId`) has a row, registered or virtual, in the contest `contestIdSql` names. */
const takesPartSql = (contestIdSql: string) =>
  `EXISTS (SELECT 1 FROM contest_participations cpv WHERE cpv.contest_id = ${contestIdSql} AND cpv.user_id = :accessViewerId)`;

/**
 * The contests a list shows the viewer, on the contests row aliased `alias`: the public ones, and the private ones
 * they take part in; all for admins. A private contest with an access code is reached by its link; one without is
 * invitation-only (isInviteOnly), so only the participants admins added ever see it listed.
 */
export function visibleContestsWhere(alias: string, viewer: Viewer): SqlCondition {
  if (isAdmin(viewer)) return EVERYTHING;
  const isPublic = `${alias}.is_public`;
  if (!viewer) return { sql: isPublic, params: {} };
  return { sql: `(${isPublic} OR ${takesPartSql(`${alias}.contest_id`)})`, params: { accessViewerId: viewer.id } };
}

/** canSeeProfile in SQL, on the users row aliased `alias`: public profiles, the viewer's own, and all for admins. */
export function visibleProfilesWhere(alias: string, viewer: Viewer): SqlCondition {
  if (isAdmin(viewer)) return EVERYTHING;
  if (!viewer) return { sql: `${alias}.profile_public`, params: {} };
  return { sql: `(${alias}.profile_public OR ${alias}.id = :accessViewerId)`, params: { accessViewerId: viewer.id } };
}

/** canSeeClarification in SQL, on the clarifications row aliased `alias` of `contest`; the participation is looked up. */
export function visibleClarificationsWhere(
  alias: string,
  viewer: Viewer,
  contest: Pick<ContestEntity, 'isPublic' | 'endsAt'>,
  now: Date,
): SqlCondition {
  if (isAdmin(viewer)) return EVERYTHING;
  const shared = `(${alias}.is_public AND ${alias}.answer IS NOT NULL)`;
  const ended = contest.isPublic && now >= contest.endsAt;
  if (!viewer) return { sql: ended ? shared : 'FALSE', params: {} };
  const sharedWithViewer = ended ? shared : `(${shared} AND ${takesPartSql(`${alias}.contest_id`)})`;
  return { sql: `(${alias}.user_id = :accessViewerId OR ${sharedWithViewer})`, params: { accessViewerId: viewer.id } };
}

/**
 * canReadContestProblem in SQL, on a contest_problems row aliased `cp` joined to its contest `c` and its problem `p`:
 * the contest's clock lets the viewer read (registered from the start, on a virtual run during it, after the end
 * everyone for a public contest and the admitted for a private one), and after the contest's end no other contest
 * holding a private problem is still before its own end. Everything for admins.
 */
export function openContestProblemsWhere(aliases: { cp: string; c: string; p: string }, viewer: Viewer, now: Date): SqlCondition {
  if (isAdmin(viewer)) return EVERYTHING;
  const { cp, c, p } = aliases;
  const params = { accessNow: now, ...(viewer ? { accessViewerId: viewer.id } : {}) };
  const ended = `${c}.ends_at <= :accessNow`;
  const seatOpens = `EXISTS (SELECT 1 FROM contest_participations cps WHERE cps.contest_id = ${c}.contest_id AND cps.user_id = :accessViewerId
    AND (CASE WHEN cps.kind = 'official' THEN ${c}.starts_at <= :accessNow
              ELSE cps.started_at <= :accessNow AND cps.ends_at > :accessNow END))`;
  const contestOpens = viewer
    ? `((${ended} AND (${c}.is_public OR ${takesPartSql(`${c}.contest_id`)})) OR (NOT ${ended} AND ${seatOpens}))`
    : `(${ended} AND ${c}.is_public)`;
  const hiddenElsewhere = `EXISTS (SELECT 1 FROM contest_problems ocp JOIN contests oc ON oc.contest_id = ocp.contest_id
    WHERE ocp.problem_id = ${cp}.problem_id AND ocp.contest_id <> ${cp}.contest_id AND oc.ends_at > :accessNow)`;
  return { sql: `(${contestOpens} AND (NOT ${ended} OR ${p}.is_public OR NOT ${hiddenElsewhere}))`, params };
}

/**
 * The rows whose result the viewer may not see (not canSeeResult): frozen by their contest, and not theirs. On the
 * submissions row aliased `alias`; FALSE for admins.
 */
export function hiddenResultsWhere(alias: string, viewer: Viewer): SqlCondition {
  if (isAdmin(viewer)) return { sql: 'FALSE', params: {} };
  if (!viewer) return { sql: `${alias}.frozen`, params: {} };
  return { sql: `(${alias}.frozen AND ${alias}.user_id IS DISTINCT FROM :accessViewerId)`, params: { accessViewerId: viewer.id } };
}

/** A row's `shown` column as the viewer sees it: `pending` where its result is hidden from them (pendingRow's value). */
function shownOrPendingSql(alias: string, viewer: Viewer, shown: string, pending: string): SqlCondition {
  if (isAdmin(viewer)) return { sql: `${alias}.${shown}`, params: {} };
  const hidden = hiddenResultsWhere(alias, viewer);
  return { sql: `(CASE WHEN ${hidden.sql} THEN ${pending} ELSE ${alias}.${shown} END)`, params: hidden.params };
}

/** The status the viewer sees, as an SQL expression: a hidden result reads as queued, as pendingRow shows it. */
export function shownStatusSql(alias: string, viewer: Viewer): SqlCondition {
  return shownOrPendingSql(alias, viewer, 'status', `'queued'`);
}

/**
 * When the row last changed as the viewer sees it, as an SQL expression: a hidden result's row at its creation, as
 * pendingRow shows it, so its judging moves nothing they can poll. Never later than updated_at.
 */
export function shownUpdatedAtSql(alias: string, viewer: Viewer): SqlCondition {
  return shownOrPendingSql(alias, viewer, 'updated_at', `${alias}.created_at`);
}

/** Accounts holding the admin role, on the users row aliased `alias`. */
export function adminUsersWhere(alias: string): SqlCondition {
  return { sql: `${alias}.role = :accessAdminRole`, params: { accessAdminRole: 'admin' } };
}
