import { type RatingPoints, SubmissionRow, VERDICT_BY_STATUS } from '@oj/contracts';
import { EntityManager } from 'typeorm';

import { ProblemEntity, SubmissionEntity, UserEntity, UserRatingEntity } from './entities';

/** What a row needs besides the submission itself: its author's name and rating and its problem's title and uuid. */
export interface SubmissionRowContext {
  userName: string | null;
  userRating: RatingPoints | null;
  problem: { id: string; title: string } | null;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The columns a row is made of: never the source, results or counters. */
export const SUBMISSION_ROW_PROPERTIES = [
  'id',
  'userId',
  'problemId',
  'languageName',
  'languageId',
  'verdict',
  'status',
  'score',
  'runtimeMs',
  'memoryKB',
  'sourceLen',
  'createdAt',
  'queuedAt',
  'startedAt',
  'finishedAt',
  'updatedAt',
  'rejudgedAt',
  'frozen',
  'failedTest',
] as const satisfies readonly (keyof SubmissionEntity)[];

export type SubmissionRowColumns = Pick<SubmissionEntity, (typeof SUBMISSION_ROW_PROPERTIES)[number]>;

/** The list/live shape of a submission, shared by the API and the worker so both speak the same event. Never the source. */
export function toSubmissionRow(s: SubmissionRowColumns, ctx: SubmissionRowContext): SubmissionRow {
  return {
    id: s.id,
    _id: s.id,
    userId: s.userId,
    userName: ctx.userName,
    userRating: ctx.userRating,
    problemId: s.problemId,
    problemTitle: ctx.problem?.title ?? null,
    problem: ctx.problem ? { id: ctx.problem.id, title: ctx.problem.title, problemId: s.problemId } : null,
    language: s.languageName,
    languageId: s.languageId,
    verdict: s.verdict || VERDICT_BY_STATUS[s.status],
    status: s.status,
    score: s.score,
    runtimeMs: s.runtimeMs,
    memoryKB: s.memoryKB,
    failedTest: s.failedTest ?? null,
    sourceLen: s.sourceLen,
    createdAt: s.createdAt.toISOString(),
    submittedAt: s.createdAt.toISOString(),
    queuedAt: iso(s.queuedAt),
    startedAt: iso(s.startedAt),
    finishedAt: iso(s.finishedAt),
    rejudgedAt: iso(s.rejudgedAt),
    updatedAt: s.updatedAt.toISOString(),
    ...(s.frozen ? { frozen: true } : {}),
  };
}

/** A row as its grading begins: `running` since `startedAt`, the stamps as the database wrote them. */
export function withRunning(row: SubmissionRow, stamps: { startedAt: Date; updatedAt: Date }): SubmissionRow {
  return {
    ...row,
    status: 'running',
    verdict: VERDICT_BY_STATUS.running,
    startedAt: stamps.startedAt.toISOString(),
    updatedAt: stamps.updatedAt.toISOString(),
  };
}

/** The columns of a submission's list row that its final result sets, as written (the times the database's). */
export type FinalResultColumns = Pick<
  SubmissionRowColumns,
  'status' | 'verdict' | 'score' | 'runtimeMs' | 'memoryKB' | 'failedTest' | 'finishedAt' | 'updatedAt'
>;

/** A row with its final result's columns (see writeFinalResultColumns): the row as it is once the result is written. */
export function withFinalResult(row: SubmissionRow, result: FinalResultColumns): SubmissionRow {
  return {
    ...row,
    status: result.status,
    verdict: result.verdict || VERDICT_BY_STATUS[result.status],
    score: result.score,
    runtimeMs: result.runtimeMs,
    memoryKB: result.memoryKB,
    failedTest: result.failedTest ?? null,
    finishedAt: iso(result.finishedAt),
    updatedAt: result.updatedAt.toISOString(),
  };
}

/** Loads a submission with its author's name and problem title, as a row; null when it is gone. */
export async function loadSubmissionRow(manager: EntityManager, id: string): Promise<SubmissionRow | null> {
  return (await loadSubmission(manager, id))?.row ?? null;
}

/**
 * A submission and its list row from one read: a page built from two reads while the worker writes the result
 * could show the final status beside the per-test results of the running one.
 */
export async function loadSubmission(manager: EntityManager, id: string): Promise<{ entity: SubmissionEntity; row: SubmissionRow } | null> {
  const found = await manager
    .createQueryBuilder(SubmissionEntity, 's')
    .leftJoin(UserEntity, 'u', 'u.id = s.user_id')
    .leftJoin(ProblemEntity, 'p', 'p.problem_id = s.problem_id')
    .leftJoin(UserRatingEntity, 'ur', 'ur.user_id = s.user_id')
    .addSelect(['u.username', 'ur.rating', 'p.id', 'p.title'])
    .where('s.id = :id', { id })
    .getRawAndEntities();
  const entity = found.entities[0];
  if (!entity) return null;
  const raw = found.raw[0];
  return {
    entity,
    row: toSubmissionRow(entity, {
      userName: raw.u_username ?? null,
      userRating: raw.ur_rating ?? null,
      problem: raw.p_id ? { id: raw.p_id, title: raw.p_title } : null,
    }),
  };
}
