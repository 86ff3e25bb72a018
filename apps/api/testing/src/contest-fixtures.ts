import type { GradeResult, SubmissionStatus } from '@oj/contracts';
import { loadSubmissionRow, writeFinalResult } from '@oj/db';
import { LiveEventPublisher } from '@oj/messaging';
import { DataSource } from 'typeorm';

import { REDIS } from '../../src/redis/redis.module';
import { bearer, createAdmin, registerUser, TestSession } from './factories';
import { createProblem, problemBody } from './problem-fixtures';
import { openStream, SseClient } from './sse-client';
import { TestApp } from './test-app';

const MINUTE = 60_000;

/** A contest body running from `fromMinutes` to `toMinutes` around now, with overridable fields. */
export function contestBody(problemIds: number[], fromMinutes: number, toMinutes: number, overrides: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    title: 'Round 1',
    description: 'Good luck.',
    format: 'icpc',
    startsAt: new Date(now + fromMinutes * MINUTE).toISOString(),
    endsAt: new Date(now + toMinutes * MINUTE).toISOString(),
    problems: problemIds.map((problemId) => ({ problemId })),
    ...overrides,
  };
}

export async function createContest(t: TestApp, admin: TestSession, body: Record<string, unknown>): Promise<{ contestId: number }> {
  const res = await t
    .http()
    .post('/api/contests')
    .set(...bearer(admin))
    .send(body)
    .expect(201);
  return res.body;
}

export async function register(t: TestApp, user: TestSession, contestId: number, accessCode?: string): Promise<void> {
  await t
    .http()
    .post(`/api/contests/${contestId}/register`)
    .set(...bearer(user))
    .send(accessCode ? { accessCode } : {})
    .expect(200);
}

/**
 * Submits through the API, dates the submission `minute` minutes after `start` (the clock the board counts in)
 * and writes its result as the worker would, through writeFinalResult: `status` with one test of one point, or the
 * given grading.
 */
export async function submitGraded(
  t: TestApp,
  user: TestSession,
  contestId: number,
  problemId: number,
  at: Date,
  status: SubmissionStatus | GradeResult,
): Promise<string> {
  const res = await t
    .http()
    .post('/api/submissions')
    .set(...bearer(user))
    .send({ problemId, contestId, languageId: 71, sourceCode: 'print(1)' })
    .expect(201);
  const id: string = res.body.submissionId;
  const ds = t.app.get(DataSource);
  await ds.query('UPDATE submissions SET created_at = $2 WHERE id = $1', [id, at]);
  const result = typeof status === 'string' ? oneTestResult(status) : status;
  await writeFinalResult(ds, id, problemId, result);
  return id;
}

function oneTestResult(status: SubmissionStatus): GradeResult {
  const accepted = status === 'accepted';
  return {
    status,
    score: accepted ? 100 : 0,
    earnedPoints: accepted ? 1 : 0,
    totalPoints: 1,
    runtimeMs: 1,
    memoryKB: 1,
    testCaseResults: [],
  };
}

/** As the worker does once it has written a result: the submission's `finished` event, on the site's Redis channel. */
export async function publishFinished(t: TestApp, submissionId: string): Promise<void> {
  const row = await loadSubmissionRow(t.app.get(DataSource).manager, submissionId);
  if (!row) throw new Error(`No submission ${submissionId}`);
  await new LiveEventPublisher(t.app.get(REDIS), t.config.REDIS_PREFIX).publish(row, 'finished');
}

export function minutesFrom(start: string, minutes: number): Date {
  return new Date(new Date(start).getTime() + minutes * MINUTE);
}

/** An admin, two users and two public problems titled A and B: whom and what a board test starts with. */
export async function boardCast(t: TestApp): Promise<{ admin: TestSession; ann: TestSession; bob: TestSession; problems: number[] }> {
  const admin = await createAdmin(t);
  const [ann, bob] = await Promise.all([registerUser(t), registerUser(t)]);
  const problems: number[] = [];
  for (const title of ['A', 'B']) problems.push((await createProblem(t, admin, problemBody({ title }))).problemId);
  return { admin, ann, bob, problems };
}

/** Contest streams a test opens, all closed by `closeAll` at its end. */
export function contestStreams(t: TestApp) {
  const opened: SseClient[] = [];
  return {
    open: async (session: TestSession, contestId: number): Promise<SseClient> => {
      const s = await openStream(t, `/api/contests/${contestId}/scoreboard/stream`, session.accessToken);
      opened.push(s);
      return s;
    },
    closeAll: () => opened.forEach((s) => s.close()),
  };
}
