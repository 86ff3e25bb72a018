import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '@oj/db';

import { AuthModule } from '../auth/auth.module';
import { QueueBoardController } from './queue-board.controller';
import { QueueBoardAccess } from './queue-board-access.service';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), AuthModule],
  controllers: [QueueBoardController],
  providers: [QueueBoardAccess],
  exports: [QueueBoardAccess],
})
export class QueueBoardModule {}
