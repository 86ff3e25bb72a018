import type { Schemas } from '@oj/api-client';
import { MAX_PAGE_SIZE } from '@oj/contracts';

import { api, sessionApi, unwrap } from '../../api/client';
import { saveFile } from '../../components/save-file';
import { withServerTime } from './server-clock';

/** How many matches the picker suggests while the admin types. */
const PICKER_SUGGESTIONS = 20;

export type Contest = Schemas['ContestDto'];
export type ContestInput = Schemas['ContestInputDto'];
export type Scoreboard = Schemas['ScoreboardDto'];
export type Clarification = Schemas['ClarificationDto'];

/** The contests of one phase, soonest first as the server orders them. */
export const fetchContests = (phase: Contest['phase'], page: number) =>
  withServerTime(() =>
    unwrap(api.GET('/api/contests', { params: { query: { phase, page, limit: MAX_PAGE_SIZE } } }), 'Failed to load contests.'),
  );

/** The contest as the caller sees it; its `serverTime` sets the clock contest pages run on. */
export const fetchContest = (contestId: number) =>
  withServerTime(() => unwrap(api.GET('/api/contests/{contestId}', { params: { path: { contestId } } }), 'Failed to load the contest.'));

/** The contest as an iCalendar file, saved; fetched with the session, so a private contest's participants get theirs. */
export async function downloadContestCalendar(contestId: number): Promise<void> {
  const blob = await unwrap(
    api.GET('/api/contests/{contestId}/calendar.ics', { params: { path: { contestId } }, parseAs: 'blob' }),
    'Failed to get the calendar file.',
  );
  saveFile(contestCalendarName(contestId), blob as Blob);
}

/** The calendar file's name, as the API's Content-Disposition gives it. */
export const contestCalendarName = (contestId: number) => `contest-${contestId}.ics`;

export const createContest = (body: ContestInput) => unwrap(api.POST('/api/contests', { body }), 'Failed to create the contest.');

export const updateContest = (contestId: number, body: ContestInput) =>
  unwrap(api.PUT('/api/contests/{contestId}', { params: { path: { contestId } }, body }), 'Failed to save the contest.');

export const deleteContest = (contestId: number) =>
  unwrap(api.DELETE('/api/contests/{contestId}', { params: { path: { contestId } } }), 'Failed to delete the contest.');

export const registerForContest = (contestId: number, accessCode?: string) =>
  unwrap(
    api.POST('/api/contests/{contestId}/register', { params: { path: { contestId } }, body: accessCode ? { accessCode } : {} }),
    'Failed to register.',
  );

/** Admins: registers a user by name, into any contest; the only way into an invitation-only one. */
export const addContestParticipant = (contestId: number, username: string) =>
  unwrap(
    api.POST('/api/contests/{contestId}/participants', { params: { path: { contestId } }, body: { username } }),
    'Failed to add the participant.',
  );

/** Opens the caller's own window in a contest with `durationMinutes`. */
export const startContest = (contestId: number) =>
  unwrap(api.POST('/api/contests/{contestId}/start', { params: { path: { contestId } } }), 'Failed to start.');

/** After the end: the caller's virtual run, the contest's duration from now. */
export const startVirtualRun = (contestId: number) =>
  unwrap(api.POST('/api/contests/{contestId}/virtual', { params: { path: { contestId } } }), 'Failed to start the virtual run.');

/**
 * Admins: every clarification with its asker; everyone else: the public answered ones and their own. The newest 100
 * (the list is paged; a contest's page shows its first).
 */
export const fetchClarifications = (contestId: number) =>
  unwrap(
    api.GET('/api/contests/{contestId}/clarifications', { params: { path: { contestId }, query: { limit: MAX_PAGE_SIZE } } }),
    'Failed to load clarifications.',
  );

/** A participant's question, or (with `answer`) an admin's unprompted clarification. */
export const postClarification = (contestId: number, body: Schemas['ClarificationInputDto']) =>
  unwrap(api.POST('/api/contests/{contestId}/clarifications', { params: { path: { contestId } }, body }), 'Failed to send.');

export const answerClarification = (contestId: number, id: number, body: Schemas['ClarificationAnswerDto']) =>
  unwrap(
    api.POST('/api/contests/{contestId}/clarifications/{id}/answer', { params: { path: { contestId, id } }, body }),
    'Failed to answer.',
  );

export const unfreezeContest = (contestId: number) =>
  unwrap(api.POST('/api/contests/{contestId}/unfreeze', { params: { path: { contestId } } }), 'Failed to unfreeze the board.');

export const fetchContestProblem = (contestId: number, label: string) =>
  unwrap(api.GET('/api/contests/{contestId}/problems/{label}', { params: { path: { contestId, label } } }), 'Failed to load the problem.');

/**
 * One page of the board as the caller sees it: live for admins, frozen for everyone else during a freeze; with
 * `virtual`, the virtual runs' rows ranked in among the official ones.
 */
export const fetchScoreboard = (contestId: number, page: number, user = '', virtual = false) =>
  unwrap(
    api.GET('/api/contests/{contestId}/scoreboard', {
      params: { path: { contestId }, query: { page, limit: MAX_PAGE_SIZE, ...(user ? { user } : {}), ...(virtual ? { virtual } : {}) } },
    }),
    'Failed to load the scoreboard.',
  );

/**
 * Every row of the board, page by page. `asGuest` asks without the session, which is how the reveal reads the
 * public (frozen) board while the admin's own session reads the live one.
 */
export async function fetchWholeScoreboard(contestId: number, asGuest = false): Promise<Scoreboard> {
  const client = asGuest ? sessionApi : api;
  const read = (page: number) =>
    unwrap(
      client.GET('/api/contests/{contestId}/scoreboard', { params: { path: { contestId }, query: { page, limit: MAX_PAGE_SIZE } } }),
      'Failed to load the scoreboard.',
    );
  const first = await read(1);
  const rest = await Promise.all(Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) => read(i + 2)));
  return { ...first, items: [first, ...rest].flatMap((page) => page.items) };
}

/**
 * The contest form's picker: the archive's search (id, "#id", any part of a title; admins: private problems too),
 * newest first, as new contest problems usually are.
 */
export const searchPickableProblems = (q: string) =>
  unwrap(
    api.GET('/api/problems', { params: { query: { visibility: 'all', q, sort: 'id', order: 'desc', limit: PICKER_SUGGESTIONS } } }),
    'Failed to search problems.',
  );

/** The SSE path of a board's live updates; the generated client does not read event streams. */
export const scoreboardStreamPath = (contestId: number) => `/api/contests/${contestId}/scoreboard/stream`;
