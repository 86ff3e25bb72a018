import { Module } from '@nestjs/common';
import { RejudgeController } from './rejudge.controller';
import { RejudgeService } from './rejudge.service';

@Module({
  controllers: [RejudgeController],
  providers: [RejudgeService],
})
export class RejudgeModule {}
