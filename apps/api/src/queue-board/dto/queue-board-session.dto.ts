import { ApiProperty } from '@nestjs/swagger';
import { QueueBoardSession } from '@oj/contracts';

export class QueueBoardSessionDto implements QueueBoardSession {
  @ApiProperty({ description: 'Where the board is; the cookie is sent only there', example: '/admin/queues' })
  path: string;

  @ApiProperty({ description: 'Lifetime of the board cookie in seconds', example: 900 })
  expiresInSeconds: number;
}
