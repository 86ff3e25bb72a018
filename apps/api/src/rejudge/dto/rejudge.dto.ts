import { ApiProperty } from '@nestjs/swagger';
import { RejudgeProgress, RejudgeQueued } from '@oj/contracts';

export class RejudgeQueuedDto implements RejudgeQueued {
  @ApiProperty({ example: 40, description: 'Submissions queued to be judged again' })
  queued: number;
}

export class RejudgeProgressDto implements RejudgeProgress {
  @ApiProperty({ example: 40, description: 'Submissions rejudged since the latest rejudge of the whole problem began' })
  total: number;

  @ApiProperty({ example: 12, description: 'Of those, the ones with their new result' })
  done: number;

  @ApiProperty({ example: 28, description: 'Of those, the ones still queued or running' })
  pending: number;
}
