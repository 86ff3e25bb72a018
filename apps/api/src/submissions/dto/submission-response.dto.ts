import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  FailedSample,
  GradingProgress,
  ItemList,
  Paged,
  type RatingPoints,
  ResultSummary,
  SUBMISSION_STATUSES,
  SubmissionDetail,
  SubmissionEnvelope,
  SubmissionProblemRef,
  SubmissionRow,
  SubmissionStatus,
  SUBTASK_SCORINGS,
  SubtaskResult,
  SubtaskScoring,
  TEST_CASE_STATUSES,
  TestCaseResult,
  TestCaseStatus,
} from '@oj/contracts';

import { PageFieldsDto } from '../../common/page-fields.dto';

export class SubmissionProblemRefDto implements SubmissionProblemRef {
  @ApiProperty({ example: '9e4a6a8e-3c1f-4e2a-9a55-2f1e8c4d7b90', format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'A + B' })
  title: string;

  @ApiProperty({ example: 1001 })
  problemId: number;
}

export class ProgressDto implements GradingProgress {
  @ApiProperty({ example: 3 })
  done: number;

  @ApiProperty({ example: 10 })
  total: number;
}

export class SubmissionRowDto implements SubmissionRow {
  @ApiProperty({ example: '0b7d6a8e-3c1f-4e2a-9a55-2f1e8c4d7b90', format: 'uuid' }) id: string;
  @ApiProperty({ example: '0b7d6a8e-3c1f-4e2a-9a55-2f1e8c4d7b90', format: 'uuid' }) _id: string;
  @ApiProperty({ example: 'c3a1e7f2-9d4b-4a6e-8f21-7e5d3c2b1a09', nullable: true, type: String }) userId: string | null;
  @ApiProperty({ example: 'alice', nullable: true, type: String, description: 'Null for a deleted user' }) userName: string | null;
  @ApiProperty({ example: 1725, nullable: true, type: Number, description: "The author's current rating; null: unrated" })
  userRating: RatingPoints | null;
  @ApiProperty({ example: 1001 }) problemId: number;
  @ApiProperty({ example: 'A + B', nullable: true, type: String }) problemTitle: string | null;
  @ApiProperty({ nullable: true, type: SubmissionProblemRefDto }) problem: SubmissionProblemRefDto | null;
  @ApiProperty({ example: 'C++ (GCC 12.2.0)', description: 'Language name' }) language: string;
  @ApiProperty({ example: 54 }) languageId: number;
  @ApiProperty({ example: 'ACCEPTED' }) verdict: string;
  @ApiProperty({ example: 'accepted', enum: SUBMISSION_STATUSES }) status: SubmissionStatus;
  @ApiProperty({ example: 100, description: 'Percent' }) score: number;
  @ApiProperty({ example: 12, nullable: true, type: Number }) runtimeMs: number | null;
  @ApiProperty({ example: 3412, nullable: true, type: Number }) memoryKB: number | null;
  @ApiPropertyOptional({
    example: 3,
    nullable: true,
    type: Number,
    description: 'The first failing test, numbered from 1 ("Wrong answer on test 3"); null when none failed or no result yet',
  })
  failedTest?: number | null;
  @ApiProperty({ example: 72 }) sourceLen: number;
  @ApiProperty({ example: '2026-03-14T09:26:53.000Z', format: 'date-time' }) createdAt: string;
  @ApiProperty({ example: '2026-03-14T09:26:53.000Z', format: 'date-time' }) submittedAt: string;
  @ApiProperty({ example: '2026-03-14T09:26:53.000Z', nullable: true, type: String, format: 'date-time' }) queuedAt: string | null;
  @ApiProperty({ example: '2026-03-14T09:26:53.000Z', nullable: true, type: String, format: 'date-time' }) startedAt: string | null;
  @ApiProperty({ example: '2026-03-14T09:26:55.120Z', nullable: true, type: String, format: 'date-time' }) finishedAt: string | null;
  @ApiPropertyOptional({
    example: null,
    nullable: true,
    type: String,
    format: 'date-time',
    description: 'When an admin last had it judged again; null or absent: never',
  })
  rejudgedAt?: string | null;
  @ApiProperty({ example: '2026-03-14T09:26:55.120Z', format: 'date-time' }) updatedAt: string;
  @ApiPropertyOptional({ type: ProgressDto, nullable: true }) progress?: ProgressDto | null;
  @ApiPropertyOptional({
    example: true,
    description:
      "Present (true) while its contest's freeze hides the result: its submitter and admins see the result; everyone else " +
      'sees it pending (status queued, verdict PENDING, score 0, no time, memory, start, finish, rejudge or per-test results; ' +
      'queuedAt and updatedAt read as its creation, so nothing tells when it was judged) until the unfreeze',
  })
  frozen?: boolean;
}

export class FailedSampleDto implements FailedSample {
  @ApiProperty({ example: 0, description: 'Which sample of the statement, from 0' }) sample: number;
  @ApiProperty({ example: '2 3\n', description: "The sample's input, its first 4 KB" }) input: string;
  @ApiProperty({ example: '5\n', description: "The sample's expected output, its first 4 KB" }) expected: string;
  @ApiProperty({ example: '6\n', description: 'What the program printed, its first 4 KB' }) output: string;
  @ApiProperty({ example: false, description: 'Whether any of the three was cut at 4 KB' }) truncated: boolean;
}

export class TestCaseResultDto implements TestCaseResult {
  @ApiProperty({ example: 0 }) index: number;
  @ApiProperty({
    example: 'accepted',
    enum: TEST_CASE_STATUSES,
    description: '`skipped`: not run, an earlier test of its `min` subtask, or of a subtask it needs, failed',
  })
  status: TestCaseStatus;
  @ApiProperty({ example: 12, nullable: true, type: Number }) timeMs: number | null;
  @ApiProperty({ example: 3412, nullable: true, type: Number }) memoryKB: number | null;
  @ApiProperty({ example: 1 }) points: number;
  @ApiPropertyOptional({ example: 'Wrong answer on test 2', description: 'Only for the owner and admins' }) message?: string;
  @ApiPropertyOptional({
    example: 'Traceback (most recent call last):\n  File "main.py", line 1\nZeroDivisionError: division by zero\n',
    description: "A runtime error's stderr, its first 64 KiB, on the first failing test; only for the owner and admins",
  })
  stderr?: string;
  @ApiPropertyOptional({
    type: () => FailedSampleDto,
    description: 'The first failing test, when it is a sample of the statement: the sample and the output; only for the owner and admins',
  })
  failedSample?: FailedSampleDto;
  @ApiPropertyOptional({ example: 0, description: "Index of the test's subtask; absent for a test in none" }) subtask?: number;
}

export class SubtaskResultDto implements SubtaskResult {
  @ApiProperty({ example: 0 }) index: number;
  @ApiPropertyOptional({ example: 'n ≤ 100' }) name?: string;
  @ApiProperty({ example: 'min', enum: SUBTASK_SCORINGS }) scoring: SubtaskScoring;
  @ApiProperty({ example: 40, description: 'What the subtask is worth' }) points: number;
  @ApiPropertyOptional({ type: [Number], example: [0], description: 'Subtasks it needs in full; it earns nothing unless they passed' })
  dependsOn?: number[];
  @ApiProperty({ example: 0, description: 'What this submission earned of it, in raw points' }) earned: number;
}

export class ResultSummaryDto implements ResultSummary {
  @ApiProperty({ example: 100, description: 'Percent: round(100 × earnedPoints / totalPoints)' }) score: number;
  @ApiProperty({ example: 9, description: "Raw points earned, in the problem's own points" }) earnedPoints: number;
  @ApiProperty({ example: 9, description: "Out of how many raw points: the problem's total when graded" }) totalPoints: number;
  @ApiProperty({ type: [TestCaseResultDto] }) cases: TestCaseResultDto[];
  @ApiPropertyOptional({
    example: 'Wrong answer on test 2',
    description: 'Compiler output or the first failing test; only for the owner and admins',
  })
  message?: string;
  @ApiPropertyOptional({ type: [SubtaskResultDto], description: 'Points per subtask, for a problem with subtasks' })
  subtasks?: SubtaskResultDto[];
}

export class SubmissionDetailDto extends SubmissionRowDto implements SubmissionDetail {
  @ApiProperty({ example: true }) canViewSource: boolean;
  @ApiPropertyOptional({
    example: '#include <iostream>\nint main(){long a,b;std::cin>>a>>b;std::cout<<a+b;}',
    description: 'Only for the owner and admins',
  })
  source?: string;
  @ApiProperty({ type: [TestCaseResultDto] }) testCaseResults: TestCaseResultDto[];
  @ApiProperty({ type: ResultSummaryDto, nullable: true }) resultSummary: ResultSummaryDto | null;
}

export class SubmissionEnvelopeDto implements SubmissionEnvelope {
  @ApiProperty({ type: SubmissionDetailDto })
  submission: SubmissionDetailDto;
}

export class PagedSubmissionsDto extends PageFieldsDto implements Paged<SubmissionRow> {
  @ApiProperty({ type: [SubmissionRowDto] }) items: SubmissionRowDto[];
  @ApiPropertyOptional({
    example: true,
    description:
      'Present when more rows match than were counted (10,000, or up to the page asked for): total and totalPages are lower bounds',
  })
  totalCapped?: boolean;
  @ApiPropertyOptional({ example: 'all', enum: ['mine', 'all'] }) scope?: 'mine' | 'all';
}

export class SubmissionUpdatesDto implements ItemList<SubmissionRow> {
  @ApiProperty({ type: [SubmissionRowDto] }) items: SubmissionRowDto[];
}
