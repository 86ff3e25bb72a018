import { SubmissionRow } from '@oj/contracts';
import { DataSource } from 'typeorm';

import { ProblemEntity, SubmissionEntity } from './entities';
import { selectListSql, statementPerDataSource } from './entity-select';
import { queryPrepared } from './prepared-query';
import { SUBMISSION_ROW_PROPERTIES, SubmissionRowContext, toSubmissionRow } from './submission-row';

/** The submission's columns a grading reads: its list row's, its round and count stamp, its code. */
const SUBMISSION_PROPERTIES = [
  ...SUBMISSION_ROW_PROPERTIES,
  'judgeRound',
  'countedAt',
  'sourceCode',
] as const satisfies readonly (keyof SubmissionEntity)[];

/** The problem's columns a grading reads: its limits, tests' version, samples, subtasks, checker and interactor. */
const PROBLEM_PROPERTIES = [
  'id',
  'title',
  'testsVersion',
  'cpuTimeLimit',
  'memoryLimit',
  'outputLimit',
  'samples',
  'subtasks',
  'checkerType',
  'checkerEpsilon',
  'checkerSource',
  'checkerLanguageId',
  'checkerProtocol',
  'interactorSource',
  'interactorLanguageId',
  'interactorProtocol',
] as const satisfies readonly (keyof ProblemEntity)[];

export type GradingSubmission = Pick<SubmissionEntity, (typeof SUBMISSION_PROPERTIES)[number]>;
export type GradingProblem = Pick<ProblemEntity, (typeof PROBLEM_PROPERTIES)[number]>;

/** What a grading starts from: the submission, its list row (for the live events), and its problem (null: gone). */
export interface SubmissionForGrading {
  submission: GradingSubmission;
  row: SubmissionRow;
  problem: GradingProblem | null;
}

/** The statement, built once per data source from the entities' column mapping. */
const statementFor = statementPerDataSource(
  (dataSource) =>
    `SELECT ${selectListSql(dataSource, SubmissionEntity, 's', SUBMISSION_PROPERTIES, 's.')},
            ${selectListSql(dataSource, ProblemEntity, 'p', PROBLEM_PROPERTIES, 'p.')},
            u.username AS "userName", ur.rating AS "userRating"
       FROM submissions s
       LEFT JOIN problems p ON p.problem_id = s.problem_id
       LEFT JOIN users u ON u.id = s.user_id
       LEFT JOIN user_ratings ur ON ur.user_id = s.user_id
      WHERE s.id = $1`,
);

/** The properties of `raw` under `alias.`, as an object of their own. */
function part<T>(raw: Record<string, unknown>, alias: string, properties: readonly string[]): T {
  return Object.fromEntries(properties.map((property) => [property, raw[`${alias}.${property}`]])) as T;
}

/**
 * A submission, its list row and its problem's grading columns in one statement, as the worker starts a grading:
 * what loadSubmission and a read of the problem gave in two, without TypeORM building and hydrating either (0.85 ms
 * of the worker's CPU a submission less, bench/BENCHMARKS.md). The values are the entities' (pg parses the same
 * types; no column has a transformer). Null when the submission is gone.
 */
export async function loadForGrading(dataSource: DataSource, submissionId: string): Promise<SubmissionForGrading | null> {
  const [raw] = await queryPrepared<Record<string, unknown>>(dataSource, statementFor(dataSource), [submissionId]);
  if (!raw) return null;
  const submission = part<GradingSubmission>(raw, 's', SUBMISSION_PROPERTIES);
  const problem = raw['p.id'] ? part<GradingProblem>(raw, 'p', PROBLEM_PROPERTIES) : null;
  const row = toSubmissionRow(submission, {
    userName: (raw.userName as SubmissionRowContext['userName']) ?? null,
    userRating: (raw.userRating as SubmissionRowContext['userRating']) ?? null,
    problem: problem ? { id: problem.id, title: problem.title } : null,
  });
  return { submission, row, problem };
}
