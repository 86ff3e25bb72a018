import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_ANNOUNCEMENTS_LIMIT, ANNOUNCEMENTS_LIMIT } from '@oj/contracts';
import type { ProblemUpdateEntity } from '@oj/db';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export class ProblemUpdateDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  problemId: number;

  @ApiProperty({ description: 'The problem title when the update was written' })
  titleSnapshot: string;

  @ApiProperty()
  summary: string;

  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export class ProblemUpdateListDto {
  @ApiProperty({ type: [ProblemUpdateDto] })
  items: ProblemUpdateDto[];
}

export class ProblemUpdateQueryDto {
  @ApiPropertyOptional({ default: ANNOUNCEMENTS_LIMIT, maximum: MAX_ANNOUNCEMENTS_LIMIT })
  @IsOptional()
  @Max(MAX_ANNOUNCEMENTS_LIMIT, { message: `limit must be between 1 and ${MAX_ANNOUNCEMENTS_LIMIT}.` })
  @Min(1, { message: `limit must be between 1 and ${MAX_ANNOUNCEMENTS_LIMIT}.` })
  @IsInt({ message: `limit must be between 1 and ${MAX_ANNOUNCEMENTS_LIMIT}.` })
  @Type(() => Number)
  limit: number = ANNOUNCEMENTS_LIMIT;
}

export function toProblemUpdateDto(u: ProblemUpdateEntity): ProblemUpdateDto {
  return { id: u.id, problemId: u.problemId, titleSnapshot: u.titleSnapshot, summary: u.summary, createdAt: u.createdAt.toISOString() };
}
