import type { GradeResult, SubmissionStatus } from '@oj/contracts';
import { writeFinalResult } from '@oj/db';
import { DataSource } from 'typeorm';

import { bearer, TestSession } from './factories';
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
 * and writes its result as the worker would, through writeFinalResult.
 */
export async function submitGraded(
  t: TestApp,
  user: TestSession,
  contestId: number,
  problemId: number,
  at: Date,
  status: SubmissionStatus,
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
  const result: GradeResult = { status, score: status === 'accepted' ? 3 : 0, runtimeMs: 1, memoryKB: 1, testCaseResults: [] };
  await writeFinalResult(ds, id, problemId, result);
  return id;
}

export function minutesFrom(start: string, minutes: number): Date {
  return new Date(new Date(start).getTime() + minutes * MINUTE);
}
