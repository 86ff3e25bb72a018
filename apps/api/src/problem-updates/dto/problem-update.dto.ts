import { ApiProperty } from '@nestjs/swagger';
import type { ProblemUpdateEntity } from '@oj/db';
import { FeedLimitQueryDto } from '../../common/feed-limit-query.dto';

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

export class ProblemUpdateQueryDto extends FeedLimitQueryDto {}

export function toProblemUpdateDto(u: ProblemUpdateEntity): ProblemUpdateDto {
  return { id: u.id, problemId: u.problemId, titleSnapshot: u.titleSnapshot, summary: u.summary, createdAt: u.createdAt.toISOString() };
}
