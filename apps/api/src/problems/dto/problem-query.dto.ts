import { ApiPropertyOptional } from '@nestjs/swagger';
import { DIFFICULTIES, Difficulty, PROBLEM_ARCHIVE_LIMIT } from '@oj/contracts';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, Max, Min } from 'class-validator';

import { Omittable } from '../../common/omittable.validator';

export const VISIBILITIES = ['all', 'public', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export class ProblemListQueryDto {
  @ApiPropertyOptional({ maximum: PROBLEM_ARCHIVE_LIMIT, default: PROBLEM_ARCHIVE_LIMIT })
  @Omittable()
  @Max(PROBLEM_ARCHIVE_LIMIT, { message: `limit must be between 1 and ${PROBLEM_ARCHIVE_LIMIT}.` })
  @Min(1, { message: `limit must be between 1 and ${PROBLEM_ARCHIVE_LIMIT}.` })
  @IsInt({ message: `limit must be between 1 and ${PROBLEM_ARCHIVE_LIMIT}.` })
  @Type(() => Number)
  limit: number = PROBLEM_ARCHIVE_LIMIT;

  @ApiPropertyOptional({ enum: VISIBILITIES, description: 'Honoured for admins only' })
  @Omittable()
  @IsIn(VISIBILITIES, { message: 'visibility must be one of: all, public, private.' })
  visibility?: Visibility;

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
