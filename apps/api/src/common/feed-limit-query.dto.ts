import { ApiPropertyOptional } from '@nestjs/swagger';
import { ANNOUNCEMENTS_LIMIT, MAX_ANNOUNCEMENTS_LIMIT } from '@oj/contracts';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

import { Omittable } from './omittable.validator';

/** `limit` of the home page feeds (announcements, problem updates): default 20, at most 50. */
export class FeedLimitQueryDto {
  @ApiPropertyOptional({ default: ANNOUNCEMENTS_LIMIT, maximum: MAX_ANNOUNCEMENTS_LIMIT })
  @Omittable()
  @Max(MAX_ANNOUNCEMENTS_LIMIT, { message: `limit must be between 1 and ${MAX_ANNOUNCEMENTS_LIMIT}.` })
  @Min(1, { message: `limit must be between 1 and ${MAX_ANNOUNCEMENTS_LIMIT}.` })
  @IsInt({ message: `limit must be between 1 and ${MAX_ANNOUNCEMENTS_LIMIT}.` })
  @Type(() => Number)
  limit: number = ANNOUNCEMENTS_LIMIT;
}
