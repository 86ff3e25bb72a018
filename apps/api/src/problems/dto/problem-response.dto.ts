import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  DIFFICULTIES,
  Difficulty,
  EffectiveCpuTimeLimit,
  ItemList,
  Paged,
  Problem,
  PROBLEM_TYPES,
  ProblemAuthor,
  ProblemSummary,
  ProblemType,
  Sample,
  Subtask,
  SUBTASK_SCORINGS,
  SubtaskScoring,
  TestCaseData,
} from '@oj/contracts';
import { checkerOf, interactorOf, type ProblemEntity, type TestCaseEntity } from '@oj/db';

import { PageFieldsDto } from '../../common/page-fields.dto';
import { subtaskField } from '../problem-subtasks';
import { CheckerDto } from './checker.dto';
import { InteractorDto } from './interactor.dto';
import { LanguageTemplateDto } from './template.dto';

export class SampleDto implements Sample {
  @ApiProperty({ example: '1 2\n' })
  input: string;

  @ApiProperty({ example: '3\n' })
  output: string;

  @ApiPropertyOptional({ example: '1 + 2 = 3.' })
  explanation?: string;
}

export class TestCaseDto implements TestCaseData {
  @ApiProperty({ example: '1 2\n' })
  input: string;

  @ApiProperty({ example: '3\n' })
  output: string;

  @ApiProperty({ example: 1 })
  points: number;

  @ApiPropertyOptional({ example: 0, description: "Index into the problem's subtasks; absent for a test in none" })
  subtask?: number;
}

export class SubtaskDto implements Subtask {
  @ApiPropertyOptional({ example: 'n ≤ 100' })
  name?: string;

  @ApiProperty({ example: 'min', enum: SUBTASK_SCORINGS })
  scoring: SubtaskScoring;

  @ApiProperty({ example: 40, description: "What the subtask is worth: for `sum` its tests' points" })
  points: number;

  @ApiPropertyOptional({ type: [Number], example: [0], description: 'Indices of the subtasks it needs in full; absent for none' })
  dependsOn?: number[];
}

export class EffectiveCpuTimeLimitDto implements EffectiveCpuTimeLimit {
  @ApiProperty({ example: 71 })
  languageId: number;

  @ApiProperty({ example: 3, description: "Seconds: the problem's cpuTimeLimit times the language's time factor" })
  seconds: number;
}

export class ProblemAuthorDto implements ProblemAuthor {
  @ApiProperty({ example: 'c3a1e7f2-9d4b-4a6e-8f21-7e5d3c2b1a09', format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'setter' })
  username: string;
}

export class ProblemSummaryDto implements ProblemSummary {
  @ApiProperty({ example: '9e4a6a8e-3c1f-4e2a-9a55-2f1e8c4d7b90', format: 'uuid' })
  id: string;

  @ApiProperty({ example: '9e4a6a8e-3c1f-4e2a-9a55-2f1e8c4d7b90', format: 'uuid' })
  _id: string;

  @ApiProperty({ example: 1001 })
  problemId: number;

  @ApiProperty({ example: 'A + B' })
  title: string;

  @ApiProperty({ example: 'EASY', enum: DIFFICULTIES })
  difficulty: Difficulty;

  @ApiProperty({ example: true })
  isPublic: boolean;

  @ApiProperty({ example: ['beginner'], type: [String] })
  tags: string[];

  @ApiProperty({ example: ['Math'], type: [String] })
  algorithms: string[];

  @ApiProperty({ example: 120 })
  submissionCount: number;

  @ApiProperty({ example: 57 })
  acceptedSubmissionCount: number;

  @ApiProperty({ example: 41, description: 'Users with an accepted submission (the archive\'s "Solves")' })
  solverCount: number;
}

export class ProblemListDto extends PageFieldsDto implements Paged<ProblemSummary> {
  @ApiProperty({ type: [ProblemSummaryDto] })
  items: ProblemSummaryDto[];
}

export class ProblemDto extends ProblemSummaryDto implements Problem {
  @ApiProperty({ example: 'Given two integers $a$ and $b$, print $a + b$.' })
  statement: string;

  @ApiProperty({ example: 'Two integers a and b on one line.' })
  inputFormat: string;

  @ApiProperty({ example: 'Their sum.' })
  outputFormat: string;

  @ApiProperty({ example: '-10^9 ≤ a, b ≤ 10^9' })
  constraints: string;

  @ApiProperty({ example: 1, description: 'Seconds' })
  cpuTimeLimit: number;

  @ApiProperty({
    type: [EffectiveCpuTimeLimitDto],
    description:
      "The CPU limit of each allowed language (of every language the judge offers when the problem allows them all): cpuTimeLimit times the language's time factor",
  })
  effectiveCpuTimeLimits: EffectiveCpuTimeLimitDto[];

  @ApiProperty({ example: 256, description: 'Megabytes' })
  memoryLimit: number;

  @ApiProperty({ example: 8, description: 'Megabytes (MiB) of standard output per test; more is Output Limit Exceeded (ole)' })
  outputLimit: number;

  @ApiProperty({ example: [54, 71], type: [Number] })
  judge0LanguageIds: number[];

  @ApiProperty({ type: [SampleDto] })
  samples: SampleDto[];

  @ApiProperty({ type: [LanguageTemplateDto], description: 'Starter code per language, ignored by the similarity check' })
  templates: LanguageTemplateDto[];

  @ApiPropertyOptional({ type: [TestCaseDto], description: 'Only for admins and the author, with includePrivate=true' })
  testCases?: TestCaseDto[];

  @ApiProperty({ type: [SubtaskDto], description: 'Empty for a problem scored per test' })
  subtasks: SubtaskDto[];

  @ApiProperty({ example: 10 })
  testCaseCount: number;

  @ApiProperty({ type: CheckerDto, example: { type: 'lines' } })
  checker: CheckerDto;

  @ApiProperty({ enum: PROBLEM_TYPES, example: 'standard', description: '`interactive`: submissions talk to an interactor' })
  type: ProblemType;

  @ApiPropertyOptional({ type: InteractorDto, description: 'Interactive problems only' })
  interactor?: InteractorDto;

  @ApiProperty({ example: 10 })
  totalPoints: number;

  @ApiProperty({ type: ProblemAuthorDto, nullable: true })
  author: ProblemAuthorDto | null;

  @ApiProperty({ example: '2026-03-14T09:26:53.000Z', format: 'date-time' })
  createdAt: string;

  @ApiProperty({ example: '2026-03-14T09:26:55.120Z', format: 'date-time' })
  updatedAt: string;
}

export class AlgorithmListDto implements ItemList<string> {
  @ApiProperty({ example: ['Math', 'Greedy', 'Dynamic Programming'], type: [String] })
  items: string[];
}

/**
 * toProblemSummary in SQL: each list item's key and the column of `problems p` that fills it, in the item's key
 * order. The list is one row_to_json per row over these aliases (ProblemsService.listJson).
 */
export const PROBLEM_SUMMARY_SQL: Record<keyof ProblemSummary, string> = {
  id: 'p.id',
  _id: 'p.id',
  problemId: 'p.problem_id',
  title: 'p.title',
  difficulty: 'p.difficulty',
  isPublic: 'p.is_public',
  tags: 'p.tags',
  algorithms: 'p.algorithms',
  submissionCount: 'p.submission_count',
  acceptedSubmissionCount: 'p.accepted_submission_count',
  solverCount: 'p.solver_count',
};

export function toProblemSummary(p: ProblemEntity): ProblemSummaryDto {
  return {
    id: p.id,
    _id: p.id,
    problemId: p.problemId,
    title: p.title,
    difficulty: p.difficulty,
    isPublic: p.isPublic,
    tags: p.tags,
    algorithms: p.algorithms,
    submissionCount: p.submissionCount,
    acceptedSubmissionCount: p.acceptedSubmissionCount,
    solverCount: p.solverCount,
  };
}

/** A problem's checker for the response: its source only when `withSource` (private data, like test cases). */
function toCheckerDto(p: ProblemEntity, withSource: boolean): CheckerDto {
  const checker = checkerOf(p);
  if (withSource) return checker;
  const { source: _source, validatorFlags: _flags, supportFiles: _files, ...shown } = checker;
  return shown;
}

/** An interactive problem's interactor for the response (its source only `withSource`); nothing for a standard one. */
function interactorFields(p: ProblemEntity, withSource: boolean): Pick<ProblemDto, 'type' | 'interactor'> {
  const interactor = interactorOf(p);
  if (!interactor) return { type: 'standard' };
  const shown = { languageId: interactor.languageId, ...(interactor.protocol ? { protocol: interactor.protocol } : {}) };
  return { type: 'interactive', interactor: withSource ? interactor : shown };
}

export function toProblemDto(
  p: ProblemEntity,
  author: ProblemAuthorDto | null,
  effectiveCpuTimeLimits: EffectiveCpuTimeLimit[],
  testCases?: TestCaseEntity[],
  withCheckerSource = false,
): ProblemDto {
  return {
    ...toProblemSummary(p),
    statement: p.statement,
    inputFormat: p.inputFormat,
    outputFormat: p.outputFormat,
    constraints: p.constraints,
    cpuTimeLimit: p.cpuTimeLimit,
    effectiveCpuTimeLimits,
    memoryLimit: p.memoryLimit,
    outputLimit: p.outputLimit,
    judge0LanguageIds: p.judge0LanguageIds,
    samples: p.samples,
    templates: p.templates,
    ...(testCases
      ? { testCases: testCases.map((tc) => ({ input: tc.input, output: tc.output, points: tc.points, ...subtaskField(tc.subtask) })) }
      : {}),
    subtasks: p.subtasks,
    testCaseCount: p.testCaseCount,
    checker: toCheckerDto(p, withCheckerSource),
    ...interactorFields(p, withCheckerSource),
    totalPoints: p.totalPoints,
    author,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
