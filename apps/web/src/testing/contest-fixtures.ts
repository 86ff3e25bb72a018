import type { ContestCell } from '@oj/contracts';

import type { Contest } from '../features/contests/api';

export const HOUR = 3_600_000;

/** A running public ICPC contest with problems A and B, an hour in and an hour to go; tests override what they check. */
export const contestView = (extra: Partial<Contest> = {}): Contest => ({
  contestId: 7,
  title: 'Spring Round',
  description: '',
  format: 'icpc',
  phase: 'running',
  startsAt: new Date(Date.now() - HOUR).toISOString(),
  endsAt: new Date(Date.now() + HOUR).toISOString(),
  durationMinutes: null,
  freezeMinutes: null,
  penaltyMinutes: 20,
  isPublic: true,
  rated: false,
  needsAccessCode: false,
  inviteOnly: false,
  frozen: false,
  participantCount: 3,
  problems: [
    { label: 'A', problemId: 1, title: 'A + B', points: 1 },
    { label: 'B', problemId: 2, title: 'Paths', points: 1 },
  ],
  participation: null,
  serverTime: new Date().toISOString(),
  ...extra,
});

/** A scoreboard cell with no attempts. */
export const cell = (extra: Partial<ContestCell> = {}): ContestCell => ({
  attempts: 0,
  solved: false,
  score: 0,
  minute: null,
  elapsedSeconds: null,
  pending: 0,
  ...extra,
});

export const EMPTY_PAGE = { items: [], total: 0, totalPages: 0, page: 1, limit: 20 };
