import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import {
  MAX_INT_ID,
  Paged,
  SIMILARITY_REPORT_STATUSES,
  SimilarityFragment,
  SimilarityPair,
  SimilarityReport,
  SimilarityReportListItem,
  SimilarityReportStatus,
  SimilarityReportSummary,
  SourceRange,
  UntokenizedLanguage,
} from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsISO8601, Max, Min } from 'class-validator';

import { Omittable } from '../../common/omittable.validator';
import { PageFieldsDto } from '../../common/page-fields.dto';
import { PageQueryDto } from '../../submissions/dto/submission-query.dto';

const ID_MESSAGE = (name: string) => `${name} must be a whole number between 1 and ${MAX_INT_ID}.`;

/** GET /api/similarity-reports: a page of every report, newest first, of one contest or one problem when given. */
export class SimilarityReportsQueryDto extends PickType(PageQueryDto, ['page', 'limit'] as const) {
  @ApiPropertyOptional({ example: 1, description: "Only this contest's reports" })
  @Omittable()
  @Max(MAX_INT_ID, { message: ID_MESSAGE('contestId') })
  @Min(1, { message: ID_MESSAGE('contestId') })
  @IsInt({ message: ID_MESSAGE('contestId') })
  @Type(() => Number)
  contestId?: number;

  @ApiPropertyOptional({ example: 1000, description: "Only this problem's reports (over a time range)" })
  @Omittable()
  @Max(MAX_INT_ID, { message: ID_MESSAGE('problemId') })
  @Min(1, { message: ID_MESSAGE('problemId') })
  @IsInt({ message: ID_MESSAGE('problemId') })
  @Type(() => Number)
  problemId?: number;
}

export class SimilarityReportQueuedDto {
  @ApiProperty({ example: '1b4e28ba-2fa1-11d2-883f-0016d3cca427', format: 'uuid' })
  reportId: string;
}

/** The body of POST /api/problems/{problemId}/similarity-reports: the range of submission times compared. */
export class ProblemSimilarityRequestDto {
  @ApiProperty({ example: '2026-06-01T09:00:00Z', format: 'date-time', description: 'Submissions made at or after this instant' })
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date-time.' })
  from: string;

  @ApiProperty({ example: '2026-06-01T14:00:00Z', format: 'date-time', description: 'Submissions made at or before this instant' })
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date-time.' })
  to: string;
}

class SourceRangeDto implements SourceRange {
  @ApiProperty({ example: 120, description: 'Character offset (UTF-16 code units) of the first character' })
  start: number;

  @ApiProperty({ example: 480, description: 'Character offset just past the last character (exclusive)' })
  end: number;
}

class SimilarityFragmentDto implements SimilarityFragment {
  @ApiProperty({ type: SourceRangeDto, description: 'The fragment in the left submission’s source' })
  left: SourceRangeDto;

  @ApiProperty({ type: SourceRangeDto, description: 'The same code in the right submission’s source' })
  right: SourceRangeDto;
}

export class SimilarityPairDto implements SimilarityPair {
  @ApiProperty({ example: 1000 })
  problemId: number;

  @ApiProperty({ example: 'C/C++', description: 'The language family both sources were read as' })
  language: string;

  @ApiProperty({ example: '1b4e28ba-2fa1-11d2-883f-0016d3cca427', format: 'uuid', description: 'The earlier of the two submissions' })
  leftSubmissionId: string;

  @ApiProperty({ example: '1b4e28ba-2fa1-11d2-883f-0016d3cca427', format: 'uuid' })
  rightSubmissionId: string;

  @ApiProperty({ example: 'alice', nullable: true, type: String, description: 'Null once the account is deleted' })
  leftUser: string | null;

  @ApiProperty({ example: 'bob', nullable: true, type: String })
  rightUser: string | null;

  @ApiProperty({
    example: 0.87,
    minimum: 0,
    maximum: 1,
    description: 'Share of both programs’ fingerprints that the other program also has (0..1); the pairs are sorted by it, descending',
  })
  similarity: number;

  @ApiProperty({ example: 412, description: 'Length in characters of the longest matched fragment (the longer of its two sides)' })
  longestFragment: number;

  @ApiProperty({ type: [SimilarityFragmentDto], description: 'Matched fragments, in the left source’s order' })
  fragments: SimilarityFragmentDto[];
}

class UntokenizedLanguageDto implements UntokenizedLanguage {
  @ApiProperty({ example: 'Haskell (GHC 9.0.1)' })
  language: string;

  @ApiProperty({ example: 3, description: 'Submissions of that language left out (no tokenizer for it)' })
  submissions: number;
}

export class SimilarityReportSummaryDto implements SimilarityReportSummary {
  @ApiProperty({ example: '1b4e28ba-2fa1-11d2-883f-0016d3cca427', format: 'uuid' })
  id: string;

  @ApiProperty({ example: 1, nullable: true, type: Number, description: 'The contest compared; null for a problem report' })
  contestId: number | null;

  @ApiProperty({ example: null, nullable: true, type: Number, description: 'The problem compared; null for a contest report' })
  problemId: number | null;

  @ApiProperty({ example: null, nullable: true, type: String, format: 'date-time', description: 'A problem report’s range start' })
  from: string | null;

  @ApiProperty({ example: null, nullable: true, type: String, format: 'date-time', description: 'A problem report’s range end' })
  to: string | null;

  @ApiProperty({ enum: SIMILARITY_REPORT_STATUSES, example: 'running' })
  status: SimilarityReportStatus;

  @ApiProperty({ example: 40, minimum: 0, maximum: 100, description: 'Percent of the work done (100 when done)' })
  progress: number;

  @ApiProperty({ example: null, nullable: true, type: String, description: 'Why the report failed; null otherwise' })
  error: string | null;

  @ApiProperty({ example: 120, description: 'Submissions compared: each user’s last accepted one per problem, else their last' })
  submissions: number;

  @ApiProperty({ type: [UntokenizedLanguageDto], description: 'Languages left out for want of a tokenizer' })
  untokenized: UntokenizedLanguageDto[];

  @ApiProperty({ example: 3, description: 'Pairs in the report' })
  pairCount: number;

  @ApiProperty({ example: '2026-06-01T14:05:00Z', format: 'date-time' })
  createdAt: string;

  @ApiProperty({ example: null, nullable: true, type: String, format: 'date-time' })
  finishedAt: string | null;
}

export class SimilarityReportListItemDto extends SimilarityReportSummaryDto implements SimilarityReportListItem {
  @ApiProperty({ example: 'Spring round', description: "The contest's title, or the problem's for a problem report" })
  title: string;
}

export class SimilarityReportPageDto extends PageFieldsDto implements Paged<SimilarityReportListItem> {
  @ApiProperty({ type: [SimilarityReportListItemDto] })
  items: SimilarityReportListItemDto[];
}

export class SimilarityReportDto extends SimilarityReportSummaryDto implements SimilarityReport {
  @ApiProperty({ type: [SimilarityPairDto], description: 'Pairs of the same problem by different users, most similar first' })
  pairs: SimilarityPairDto[];
}
