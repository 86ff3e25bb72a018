import { SubmissionRow } from '@oj/contracts';
import { randomUUID } from 'crypto';

/** A queued submission row of a problem, as a live event carries it, with overridable fields. */
export function liveRow(problemId: number, overrides: Partial<SubmissionRow> = {}): SubmissionRow {
  const id = overrides.id ?? randomUUID();
  const now = new Date().toISOString();
  return {
    id,
    _id: id,
    userId: null,
    userName: null,
    userRating: null,
    problemId,
    problemTitle: 'P',
    problem: null,
    language: 'Python',
    languageId: 71,
    verdict: 'PENDING',
    status: 'queued',
    score: 0,
    runtimeMs: null,
    memoryKB: null,
    sourceLen: 1,
    createdAt: now,
    submittedAt: now,
    queuedAt: now,
    startedAt: null,
    finishedAt: null,
    updatedAt: now,
    ...overrides,
  };
}
