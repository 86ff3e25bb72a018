import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  DIFFICULTIES,
  Difficulty,
  MAX_INT_ID,
  MAX_TITLE_LENGTH,
  PROBLEM_ARCHIVE_LIMIT,
  PROBLEM_SORTS,
  PROBLEM_VISIBILITIES,
  ProblemSort,
  ProblemVisibility,
  SORT_ORDERS,
  SortOrder,
} from '@oj/contracts';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsBoolean, IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';

import { Omittable } from '../../common/omittable.validator';
import { WithoutNul } from '../../common/without-nul.validator';

/** How many tags one archive query may require at once. */
const MAX_TAG_FILTERS = 10;

/** `tag` repeated, comma-separated, or both, as one list of trimmed tags; anything else is left for the checks. */
function splitTags(value: unknown): unknown {
  const values = Array.isArray(value) ? value : [value];
  if (!values.every((v) => typeof v === 'string')) return value;
  return [
    ...new Set(
      (values as string[])
        .flatMap((v) => v.split(','))
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
}

export class ProblemListQueryDto {
  @ApiPropertyOptional({ maximum: PROBLEM_ARCHIVE_LIMIT, default: PROBLEM_ARCHIVE_LIMIT })
  @Omittable()
  @Max(PROBLEM_ARCHIVE_LIMIT, { message: `limit must be between 1 and ${PROBLEM_ARCHIVE_LIMIT}.` })
  @Min(1, { message: `limit must be between 1 and ${PROBLEM_ARCHIVE_LIMIT}.` })
  @IsInt({ message: `limit must be between 1 and ${PROBLEM_ARCHIVE_LIMIT}.` })
  @Type(() => Number)
  limit: number = PROBLEM_ARCHIVE_LIMIT;

  @ApiPropertyOptional({ default: 1, minimum: 1, maximum: MAX_INT_ID })
  @Omittable()
  @Max(MAX_INT_ID, { message: `page must be a whole number between 1 and ${MAX_INT_ID}.` })
  @Min(1, { message: `page must be a whole number between 1 and ${MAX_INT_ID}.` })
  @IsInt({ message: `page must be a whole number between 1 and ${MAX_INT_ID}.` })
  @Type(() => Number)
  page: number = 1;

  @ApiPropertyOptional({
    enum: PROBLEM_SORTS,
    default: 'id',
    description: 'solves: users with an accepted submission; acRate: accepted submissions over all',
  })
  @Omittable()
  @IsIn(PROBLEM_SORTS, { message: `sort must be one of: ${PROBLEM_SORTS.join(', ')}.` })
  sort: ProblemSort = 'id';

  @ApiPropertyOptional({ enum: SORT_ORDERS, default: 'asc' })
  @Omittable()
  @IsIn(SORT_ORDERS, { message: 'order must be one of: asc, desc.' })
  order: SortOrder = 'asc';

  @ApiPropertyOptional({
    example: '#106',
    description: 'Matches the title, an algorithm or a tag (case-insensitive, anywhere in it); "#106" or "106" also the problem #106',
  })
  @Omittable()
  @MaxLength(MAX_TITLE_LENGTH, { message: `q must be at most ${MAX_TITLE_LENGTH} characters.` })
  @WithoutNul('q must be text without NUL bytes.')
  @IsString({ message: 'q must be text.' })
  q?: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['beginner', 'math'],
    description: `Only problems carrying every one of these tags (exactly): repeated (tag=a&tag=b) or comma-separated (tag=a,b), at most ${MAX_TAG_FILTERS}`,
  })
  @Omittable()
  @Transform(({ value }) => splitTags(value))
  @ArrayMaxSize(MAX_TAG_FILTERS, { message: `tag lists at most ${MAX_TAG_FILTERS} tags.` })
  @MaxLength(MAX_TITLE_LENGTH, { each: true, message: `each tag must be at most ${MAX_TITLE_LENGTH} characters.` })
  @WithoutNul('tag must be text without NUL bytes.', { each: true })
  @IsString({ each: true, message: 'tag must be text.' })
  tag?: string[];

  @ApiPropertyOptional({ enum: PROBLEM_VISIBILITIES, description: 'Honoured for admins only' })
  @Omittable()
  @IsIn(PROBLEM_VISIBILITIES, { message: `visibility must be one of: ${PROBLEM_VISIBILITIES.join(', ')}.` })
  visibility?: ProblemVisibility;

  @ApiPropertyOptional({ enum: DIFFICULTIES })
  @Omittable()
  @IsIn(DIFFICULTIES, { message: `difficulty must be one of: ${DIFFICULTIES.join(', ')}.` })
  difficulty?: Difficulty;
}

export class ProblemDetailQueryDto {
  @ApiPropertyOptional({ description: 'Include the test cases (admins and the author only)' })
  @Omittable()
  @Transform(({ value }) => value === true || value === 'true')
  @IsBoolean()
  includePrivate?: boolean;
}
