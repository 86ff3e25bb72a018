import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ACCESS_CODE_PATTERN,
  ACCESS_CODE_RULE,
  CONTEST_FORMATS,
  CONTEST_LABEL_PATTERN,
  ContestFormat,
  MAX_ACCESS_CODE_LENGTH,
  MAX_CONTEST_DESCRIPTION_LENGTH,
  MAX_CONTEST_MINUTES,
  MAX_CONTEST_PROBLEM_POINTS,
  MAX_CONTEST_PROBLEMS,
  MAX_CONTEST_TITLE_LENGTH,
} from '@oj/contracts';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

import { Omittable } from '../../common/omittable.validator';
import { IsRecordId } from '../../common/record-id.validator';

const MINUTES = `a whole number of minutes between 1 and ${MAX_CONTEST_MINUTES}`;

export class ContestProblemInputDto {
  @ApiProperty({ example: 1 })
  @IsRecordId('problemId')
  problemId: number;

  @ApiPropertyOptional({ example: 'A', description: 'A, B, C… in order when omitted' })
  @Omittable()
  @Matches(CONTEST_LABEL_PATTERN, { message: 'label must be an upper-case letter, then up to 3 letters or digits.' })
  @IsString({ message: 'label must be an upper-case letter, then up to 3 letters or digits.' })
  label?: string;

  @ApiPropertyOptional({
    example: 100,
    description:
      "Contest points: a cell's full score, whatever the problem's raw total. 100 for ioi and oi, 1 for icpc when omitted; required for atcoder",
  })
  @Omittable()
  @Max(MAX_CONTEST_PROBLEM_POINTS, { message: `points must be a whole number between 0 and ${MAX_CONTEST_PROBLEM_POINTS}.` })
  @Min(0, { message: `points must be a whole number between 0 and ${MAX_CONTEST_PROBLEM_POINTS}.` })
  @IsInt({ message: `points must be a whole number between 0 and ${MAX_CONTEST_PROBLEM_POINTS}.` })
  points?: number;
}

/** A contest as an admin creates or replaces it (PUT takes the whole contest). */
export class ContestInputDto {
  @ApiProperty({ example: 'Spring Round 1', maxLength: MAX_CONTEST_TITLE_LENGTH })
  @MaxLength(MAX_CONTEST_TITLE_LENGTH, { message: `Title must be at most ${MAX_CONTEST_TITLE_LENGTH} characters.` })
  @IsNotEmpty({ message: 'Title is required.' })
  @IsString({ message: 'Title is required.' })
  title: string;

  @ApiPropertyOptional({ example: 'Five problems, three hours. **Good luck!**', description: 'Markdown' })
  @Omittable()
  @MaxLength(MAX_CONTEST_DESCRIPTION_LENGTH, { message: `Description must be at most ${MAX_CONTEST_DESCRIPTION_LENGTH} characters.` })
  @IsString({ message: 'Description must be text.' })
  description: string = '';

  @ApiProperty({ enum: CONTEST_FORMATS, example: 'icpc' })
  @IsIn(CONTEST_FORMATS, { message: `format must be one of: ${CONTEST_FORMATS.join(', ')}.` })
  format: ContestFormat;

  @ApiProperty({ example: '2025-06-01T09:00:00Z', format: 'date-time' })
  @IsISO8601({ strict: true }, { message: 'startsAt must be an ISO time.' })
  startsAt: string;

  @ApiProperty({ example: '2025-06-01T12:00:00Z', format: 'date-time' })
  @IsISO8601({ strict: true }, { message: 'endsAt must be an ISO time.' })
  endsAt: string;

  @ApiPropertyOptional({ example: 120, description: "Each participant's own window from their start, inside the contest" })
  @Omittable()
  @Max(MAX_CONTEST_MINUTES, { message: `durationMinutes must be ${MINUTES}.` })
  @Min(1, { message: `durationMinutes must be ${MINUTES}.` })
  @IsInt({ message: `durationMinutes must be ${MINUTES}.` })
  durationMinutes?: number;

  @ApiPropertyOptional({ example: 60, description: 'The scoreboard freezes this many minutes before the end' })
  @Omittable()
  @Max(MAX_CONTEST_MINUTES, { message: `freezeMinutes must be ${MINUTES}.` })
  @Min(1, { message: `freezeMinutes must be ${MINUTES}.` })
  @IsInt({ message: `freezeMinutes must be ${MINUTES}.` })
  freezeMinutes?: number;

  @ApiPropertyOptional({ example: 20, description: '20 for icpc, 5 for atcoder when omitted' })
  @Omittable()
  @Max(MAX_CONTEST_MINUTES, { message: `penaltyMinutes must be a whole number between 0 and ${MAX_CONTEST_MINUTES}.` })
  @Min(0, { message: `penaltyMinutes must be a whole number between 0 and ${MAX_CONTEST_MINUTES}.` })
  @IsInt({ message: `penaltyMinutes must be a whole number between 0 and ${MAX_CONTEST_MINUTES}.` })
  penaltyMinutes?: number;

  @ApiPropertyOptional({ example: true, default: true })
  @Omittable()
  @IsBoolean({ message: 'isPublic must be true or false.' })
  isPublic: boolean = true;

  @ApiPropertyOptional({
    example: false,
    default: false,
    description: "Rated: once its results are final, its official participants' Elo-MMR ratings are computed (docs/ratings.md)",
  })
  @Omittable()
  @IsBoolean({ message: 'rated must be true or false.' })
  rated: boolean = false;

  @ApiPropertyOptional({
    example: 'spring-2025-r1',
    pattern: ACCESS_CODE_PATTERN.source,
    description: `Required to register when set. ${ACCESS_CODE_RULE}`,
  })
  @Omittable()
  @Matches(ACCESS_CODE_PATTERN, { message: ACCESS_CODE_RULE })
  @IsString({ message: 'accessCode must be text.' })
  accessCode?: string;

  @ApiProperty({ type: [ContestProblemInputDto], maxItems: MAX_CONTEST_PROBLEMS })
  @ValidateNested({ each: true })
  @Type(() => ContestProblemInputDto)
  @ArrayMaxSize(MAX_CONTEST_PROBLEMS, { message: `A contest has at most ${MAX_CONTEST_PROBLEMS} problems.` })
  @IsArray({ message: 'problems must be a list.' })
  problems: ContestProblemInputDto[];
}

export class ContestRegistrationDto {
  @ApiPropertyOptional({ example: 'spring-2025', description: 'For a contest that needs one' })
  @Omittable()
  @MaxLength(MAX_ACCESS_CODE_LENGTH, { message: `accessCode must be at most ${MAX_ACCESS_CODE_LENGTH} characters.` })
  @IsString({ message: 'accessCode must be text.' })
  accessCode?: string;
}

/** An admin registers a user into a contest by name (the only way into an invitation-only one). */
export class ContestParticipantInputDto {
  @ApiProperty({ example: 'alice', maxLength: 32, description: 'The user to register, by username (any case)' })
  @MaxLength(32, { message: 'username must be the name of a user.' })
  @IsNotEmpty({ message: 'username must be the name of a user.' })
  @IsString({ message: 'username must be the name of a user.' })
  username: string;
}
