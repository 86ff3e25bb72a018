import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_INT_ID, MAX_PAGE_SIZE, PAGE_SIZE, SUBMISSION_STATUSES, SubmissionStatus } from '@oj/contracts';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsIn, IsInt, IsISO8601, IsString, Matches, Max, MaxLength, Min } from 'class-validator';

import { Omittable } from '../../common/omittable.validator';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class PageQueryDto {
  // Bounded so that page × limit, the offset and the count's cap, stays a whole number PostgreSQL takes (1e308 was Infinity).
  @ApiPropertyOptional({ default: 1, minimum: 1, maximum: MAX_INT_ID })
  @Omittable()
  @Max(MAX_INT_ID, { message: `page must be a whole number between 1 and ${MAX_INT_ID}.` })
  @Min(1, { message: `page must be a whole number between 1 and ${MAX_INT_ID}.` })
  @IsInt({ message: `page must be a whole number between 1 and ${MAX_INT_ID}.` })
  @Type(() => Number)
  page: number = 1;

  @ApiPropertyOptional({ default: PAGE_SIZE, maximum: MAX_PAGE_SIZE })
  @Omittable()
  @Max(MAX_PAGE_SIZE, { message: `limit must be between 1 and ${MAX_PAGE_SIZE}.` })
  @Min(1, { message: `limit must be between 1 and ${MAX_PAGE_SIZE}.` })
  @IsInt({ message: `limit must be between 1 and ${MAX_PAGE_SIZE}.` })
  @Type(() => Number)
  limit: number = PAGE_SIZE;

  @ApiPropertyOptional({ enum: ['-createdAt'], default: '-createdAt' })
  @Omittable()
  @IsIn(['-createdAt'], { message: 'sort must be -createdAt.' })
  sort?: string;
}

export class SubmissionFilterQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: 'Comma-separated statuses', example: 'accepted,wrong_answer' })
  @Omittable()
  @Transform(({ value }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : value,
  )
  @IsIn(SUBMISSION_STATUSES, { each: true, message: `status must be a comma list of: ${SUBMISSION_STATUSES.join(', ')}.` })
  @ArrayMaxSize(SUBMISSION_STATUSES.length, { message: `status lists at most ${SUBMISSION_STATUSES.length} statuses.` })
  status?: SubmissionStatus[];

  @ApiPropertyOptional({ description: 'A username substring or an exact user id (case-insensitive)' })
  @Omittable()
  @MaxLength(64)
  @IsString()
  user?: string;

  @ApiPropertyOptional({ minimum: 1 })
  @Omittable()
  @Max(MAX_INT_ID, { message: 'problemId must be a whole number of at least 1.' })
  @Min(1, { message: 'problemId must be a whole number of at least 1.' })
  @IsInt({ message: 'problemId must be a whole number of at least 1.' })
  @Type(() => Number)
  problemId?: number;

  @ApiPropertyOptional({ example: '2026-01-31', description: 'UTC day, inclusive' })
  @Omittable()
  @IsISO8601({ strict: true }, { message: 'dateFrom must be a date (YYYY-MM-DD).' })
  @Matches(DATE, { message: 'dateFrom must be a date (YYYY-MM-DD).' })
  dateFrom?: string;

  @ApiPropertyOptional({ example: '2026-12-31', description: 'UTC day, inclusive through its end' })
  @Omittable()
  @IsISO8601({ strict: true }, { message: 'dateTo must be a date (YYYY-MM-DD).' })
  @Matches(DATE, { message: 'dateTo must be a date (YYYY-MM-DD).' })
  dateTo?: string;
}

export class ProblemSubmissionsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['mine', 'all'], default: 'all' })
  @Omittable()
  @IsIn(['mine', 'all'], { message: 'scope must be mine or all.' })
  scope: 'mine' | 'all' = 'all';
}

export class UpdatesQueryDto {
  @ApiProperty({ format: 'date-time', description: 'Submissions changed after this instant; at most 100, oldest change first' })
  @IsISO8601({ strict: true }, { message: 'since must be an ISO 8601 date-time.' })
  since: string;
}
