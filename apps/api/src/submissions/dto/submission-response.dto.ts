import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SUBMISSION_STATUSES, SubmissionStatus } from '@oj/contracts';

export class SubmissionProblemRefDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  title: string;

  @ApiProperty()
  problemId: number;
}

export class ProgressDto {
  @ApiProperty()
  done: number;

  @ApiProperty()
  total: number;
}

export class SubmissionRowDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ nullable: true, type: String }) userId: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Null for a deleted user' }) userName: string | null;
  @ApiProperty() problemId: number;
  @ApiProperty({ nullable: true, type: String }) problemTitle: string | null;
  @ApiProperty({ nullable: true, type: SubmissionProblemRefDto }) problem: SubmissionProblemRefDto | null;
  @ApiProperty({ description: 'Language name' }) language: string;
  @ApiProperty() languageId: number;
  @ApiProperty({ example: 'PENDING' }) verdict: string;
  @ApiProperty({ enum: SUBMISSION_STATUSES }) status: SubmissionStatus;
  @ApiProperty({ description: 'Percent' }) score: number;
  @ApiProperty({ nullable: true, type: Number }) runtimeMs: number | null;
  @ApiProperty({ nullable: true, type: Number }) memoryKB: number | null;
  @ApiProperty() sourceLen: number;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) submittedAt: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) queuedAt: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) startedAt: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) finishedAt: string | null;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiPropertyOptional({ type: ProgressDto, nullable: true }) progress?: ProgressDto | null;
}

export class TestCaseResultDto {
  @ApiProperty() index: number;
  @ApiProperty({ enum: SUBMISSION_STATUSES }) status: SubmissionStatus;
  @ApiProperty({ nullable: true, type: Number }) timeMs: number | null;
  @ApiProperty({ nullable: true, type: Number }) memoryKB: number | null;
  @ApiProperty() points: number;
  @ApiPropertyOptional() message?: string;
}

export class ResultSummaryDto {
  @ApiProperty() score: number;
  @ApiProperty({ type: [TestCaseResultDto] }) cases: TestCaseResultDto[];
  @ApiPropertyOptional() message?: string;
}

export class SubmissionDetailDto extends SubmissionRowDto {
  @ApiProperty() canViewSource: boolean;
  @ApiPropertyOptional({ description: 'Only for the owner and admins' }) source?: string;
  @ApiProperty({ type: [TestCaseResultDto] }) testCaseResults: TestCaseResultDto[];
  @ApiProperty({ type: ResultSummaryDto, nullable: true }) resultSummary: ResultSummaryDto | null;
}

export class SubmissionEnvelopeDto {
  @ApiProperty({ type: SubmissionDetailDto })
  submission: SubmissionDetailDto;
}

export class PagedSubmissionsDto {
  @ApiProperty({ type: [SubmissionRowDto] }) items: SubmissionRowDto[];
  @ApiProperty() total: number;
  @ApiProperty() totalPages: number;
  @ApiProperty() page: number;
  @ApiProperty() limit: number;
  @ApiPropertyOptional({ enum: ['mine', 'all'] }) scope?: 'mine' | 'all';
}

export class SubmissionUpdatesDto {
  @ApiProperty({ type: [SubmissionRowDto] }) items: SubmissionRowDto[];
}
