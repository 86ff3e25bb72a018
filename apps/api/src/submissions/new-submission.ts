import type { RatingPoints, SubmissionRow } from '@oj/contracts';
import { SubmissionEntity, toSubmissionRow } from '@oj/db';

import type { ProblemRef } from '../problems/problems.service';

/** The code of a submission, as sent. */
export interface SubmittedCode {
  languageId: number;
  languageName: string;
  sourceCode: string;
}

/** What a new submission is inserted with; status, verdict, score, results and timestamps take their defaults. */
export type NewSubmission = Pick<
  SubmissionEntity,
  'userId' | 'problemId' | 'contestId' | 'participationId' | 'languageId' | 'languageName' | 'sourceCode' | 'sourceLen' | 'queuedAt'
>;

/** A new submission as stored: what was inserted and what the insert returned (RETURNING), its freeze and the submitter's rating too. */
export type InsertedSubmission = NewSubmission &
  Pick<SubmissionEntity, 'id' | 'status' | 'verdict' | 'score' | 'frozen' | 'createdAt' | 'updatedAt'> & {
    userRating: RatingPoints | null;
  };

/** The list row of a submission just stored, from what the request already holds: no read-back. */
export function newSubmissionRow(
  submission: InsertedSubmission,
  userName: string | null,
  problem: Pick<ProblemRef, 'id' | 'title'>,
): SubmissionRow {
  const notRunYet = { runtimeMs: null, memoryKB: null, failedTest: null, startedAt: null, finishedAt: null, rejudgedAt: null };
  return toSubmissionRow(
    { ...submission, ...notRunYet },
    { userName, userRating: submission.userRating, problem: { id: problem.id, title: problem.title } },
  );
}
