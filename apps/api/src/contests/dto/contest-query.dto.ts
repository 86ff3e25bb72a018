import { ApiPropertyOptional } from '@nestjs/swagger';
import { CONTEST_PHASES, ContestPhase } from '@oj/contracts';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsString, MaxLength } from 'class-validator';

import { Omittable } from '../../common/omittable.validator';
import { PageQueryDto } from '../../submissions/dto/submission-query.dto';

export class ContestListQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: CONTEST_PHASES, description: 'Only contests in this phase; all when omitted' })
  @Omittable()
  @IsIn(CONTEST_PHASES, { message: `phase must be one of: ${CONTEST_PHASES.join(', ')}.` })
  phase?: ContestPhase;
}

export class ContestSubmissionsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ description: "Admins only: another participant's username" })
  @Omittable()
  @MaxLength(32, { message: 'username must be at most 32 characters.' })
  @IsString({ message: 'username must be text.' })
  username?: string;
}

export class ScoreboardQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    example: 'ali',
    description: 'Only the rows whose username holds this text (any case), each with its rank on the whole board',
  })
  @Omittable()
  @MaxLength(32, { message: 'user must be at most 32 characters.' })
  @IsString({ message: 'user must be text.' })
  user?: string;

  @ApiPropertyOptional({
    example: true,
    default: false,
    description:
      "true: every virtual run's row (finished or under way) ranked in among the official ones, marked `virtual`, " +
      'each counted from its own start; the ranks, `total` and `problemTotals` count them too. The caller’s own run, ' +
      'while it is on, shows its own board either way',
  })
  @Omittable()
  @Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'virtual must be true or false.' })
  virtual?: boolean;
}
