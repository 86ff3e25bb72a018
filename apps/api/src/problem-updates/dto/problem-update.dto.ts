import { ApiProperty } from '@nestjs/swagger';
import { ItemList, ProblemUpdate } from '@oj/contracts';
import type { ProblemUpdateEntity } from '@oj/db';

import { FeedLimitQueryDto } from '../../common/feed-limit-query.dto';

export class ProblemUpdateDto implements ProblemUpdate {
  @ApiProperty({ example: '5f2c9e1a-7b3d-4c8e-a1f0-6d4b2e9c8a17', format: 'uuid' })
  id: string;

  @ApiProperty({ example: 1001 })
  problemId: number;

  @ApiProperty({ example: 'A + B', description: 'The problem title when the update was written' })
  titleSnapshot: string;

  @ApiProperty({ example: 'Time limit raised to 2 s' })
  summary: string;

  @ApiProperty({ example: '2026-03-14T09:26:53.000Z', format: 'date-time' })
  createdAt: string;
}

export class ProblemUpdateListDto implements ItemList<ProblemUpdate> {
  @ApiProperty({ type: [ProblemUpdateDto] })
  items: ProblemUpdateDto[];
}

export class ProblemUpdateQueryDto extends FeedLimitQueryDto {}

export function toProblemUpdateDto(u: ProblemUpdateEntity): ProblemUpdateDto {
  return { id: u.id, problemId: u.problemId, titleSnapshot: u.titleSnapshot, summary: u.summary, createdAt: u.createdAt.toISOString() };
}
