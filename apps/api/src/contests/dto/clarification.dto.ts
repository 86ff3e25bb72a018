import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { type Clarification, CONTEST_LABEL_PATTERN, MAX_CLARIFICATION_LENGTH, type Paged, type RatingPoints } from '@oj/contracts';
import { IsBoolean, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';

import { Omittable } from '../../common/omittable.validator';
import { PageFieldsDto } from '../../common/page-fields.dto';

const TEXT = `must be text of 1 to ${MAX_CLARIFICATION_LENGTH} characters.`;

/**
 * A participant's question (`question`, optional `problemLabel`), or, from an admin with `answer`, an unprompted
 * clarification: an announcement to every participant (`public`, true unless false), with no asker.
 */
export class ClarificationInputDto {
  @ApiPropertyOptional({ example: 'May the input end without a newline?', maxLength: MAX_CLARIFICATION_LENGTH })
  @Omittable()
  @MaxLength(MAX_CLARIFICATION_LENGTH, { message: `question ${TEXT}` })
  @IsNotEmpty({ message: `question ${TEXT}` })
  @IsString({ message: `question ${TEXT}` })
  question?: string;

  @ApiPropertyOptional({ example: 'A', description: 'The problem asked about; omitted: the contest in general' })
  @Omittable()
  @Matches(CONTEST_LABEL_PATTERN, { message: 'problemLabel must be the label of a problem of the contest.' })
  @IsString({ message: 'problemLabel must be the label of a problem of the contest.' })
  problemLabel?: string;

  @ApiPropertyOptional({
    example: 'Problem B: n is at most 10^5, not 10^6.',
    maxLength: MAX_CLARIFICATION_LENGTH,
    description: 'Admins only: posts an unprompted clarification (an announcement) instead of a question',
  })
  @Omittable()
  @MaxLength(MAX_CLARIFICATION_LENGTH, { message: `answer ${TEXT}` })
  @IsNotEmpty({ message: `answer ${TEXT}` })
  @IsString({ message: `answer ${TEXT}` })
  answer?: string;

  @ApiPropertyOptional({ example: true, description: 'With `answer`: shown to every participant (default true)' })
  @Omittable()
  @IsBoolean({ message: 'public must be true or false.' })
  public?: boolean;
}

export class ClarificationAnswerDto {
  @ApiProperty({
    example: '> May the input end without a newline?\n\nYes: read up to the end of the input.',
    maxLength: MAX_CLARIFICATION_LENGTH,
    description: 'Markdown; it may quote the question',
  })
  @MaxLength(MAX_CLARIFICATION_LENGTH, { message: `answer ${TEXT}` })
  @IsNotEmpty({ message: `answer ${TEXT}` })
  @IsString({ message: `answer ${TEXT}` })
  answer: string;

  @ApiPropertyOptional({ example: false, description: 'Shown to every participant, not only the asker (default false)' })
  @Omittable()
  @IsBoolean({ message: 'public must be true or false.' })
  public?: boolean;
}

export class ClarificationDto implements Clarification {
  @ApiProperty({ example: 7 })
  id: number;

  @ApiProperty({ example: 12 })
  contestId: number;

  @ApiProperty({
    example: 'alice',
    nullable: true,
    type: String,
    description: 'The asker, shown to admins and to the asker; null for a notice and for others',
  })
  username: string | null;

  @ApiProperty({ example: 1725, nullable: true, type: Number, description: "The asker's current rating when their name is shown" })
  rating: RatingPoints | null;

  @ApiProperty({ example: 'A', nullable: true, type: String, description: 'null: the contest in general' })
  problemLabel: string | null;

  @ApiProperty({ example: 'May the input end without a newline?', nullable: true, type: String, description: 'null for a notice' })
  question: string | null;

  @ApiProperty({ example: 'Yes: read up to the end of the input.', nullable: true, type: String, description: 'null until answered' })
  answer: string | null;

  @ApiProperty({ example: false })
  public: boolean;

  @ApiProperty({ example: '2025-06-01T09:40:00.000Z', format: 'date-time' })
  createdAt: string;

  @ApiProperty({ example: '2025-06-01T09:45:00.000Z', format: 'date-time', nullable: true, type: String })
  answeredAt: string | null;
}

/** A page of a contest's clarifications (the paged response of every list: `page`, `limit` in the query). */
export class ClarificationListDto extends PageFieldsDto implements Paged<Clarification> {
  @ApiProperty({ type: [ClarificationDto], description: 'Newest first: all for admins, else the public ones and your own' })
  items: ClarificationDto[];
}
