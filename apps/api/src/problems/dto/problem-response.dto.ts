import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DIFFICULTIES, Difficulty } from '@oj/contracts';
import type { ProblemEntity, TestCaseEntity } from '@oj/db';

export class SampleDto {
  @ApiProperty()
  input: string;

  @ApiProperty()
  output: string;

  @ApiPropertyOptional()
  explanation?: string;
}

export class TestCaseDto {
  @ApiProperty()
  input: string;

  @ApiProperty()
  output: string;

  @ApiProperty()
  points: number;
}

export class ProblemAuthorDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  username: string;
}

export class ProblemSummaryDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  _id: string;

  @ApiProperty()
  problemId: number;

  @ApiProperty()
  title: string;

  @ApiProperty({ enum: DIFFICULTIES })
  difficulty: Difficulty;

  @ApiProperty()
  isPublic: boolean;

  @ApiProperty({ type: [String] })
  tags: string[];

  @ApiProperty({ type: [String] })
  algorithms: string[];

  @ApiProperty()
  submissionCount: number;

  @ApiProperty()
  acceptedSubmissionCount: number;
}

export class ProblemListDto {
  @ApiProperty({ type: [ProblemSummaryDto] })
  items: ProblemSummaryDto[];
}

export class ProblemDto extends ProblemSummaryDto {
  @ApiProperty()
  statement: string;

  @ApiProperty()
  inputFormat: string;

  @ApiProperty()
  outputFormat: string;

  @ApiProperty()
  constraints: string;

  @ApiProperty({ description: 'Seconds' })
  cpuTimeLimit: number;

  @ApiProperty({ description: 'Megabytes' })
  memoryLimit: number;

  @ApiProperty({ type: [Number] })
  judge0LanguageIds: number[];

  @ApiProperty({ type: [SampleDto] })
  samples: SampleDto[];

  @ApiPropertyOptional({ type: [TestCaseDto], description: 'Only for admins and the author, with includePrivate=true' })
  testCases?: TestCaseDto[];

  @ApiProperty()
  testCaseCount: number;

  @ApiProperty()
  totalPoints: number;

  @ApiProperty({ type: ProblemAuthorDto, nullable: true })
  author: ProblemAuthorDto | null;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt: string;
}

export class AlgorithmListDto {
  @ApiProperty({ type: [String] })
  items: string[];
}

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
  };
}

export function toProblemDto(p: ProblemEntity, author: ProblemAuthorDto | null, testCases?: TestCaseEntity[]): ProblemDto {
  return {
    ...toProblemSummary(p),
    statement: p.statement,
    inputFormat: p.inputFormat,
    outputFormat: p.outputFormat,
    constraints: p.constraints,
    cpuTimeLimit: p.cpuTimeLimit,
    memoryLimit: p.memoryLimit,
    judge0LanguageIds: p.judge0LanguageIds,
    samples: p.samples,
    ...(testCases ? { testCases: testCases.map((tc) => ({ input: tc.input, output: tc.output, points: tc.points })) } : {}),
    testCaseCount: p.testCaseCount,
    totalPoints: p.totalPoints,
    author,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
