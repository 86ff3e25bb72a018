import { Module } from '@nestjs/common';
import { RejudgeController } from './rejudge.controller';
import { RejudgeQueries } from './rejudge-queries';
import { RejudgeService } from './rejudge.service';

@Module({
  controllers: [RejudgeController],
  providers: [RejudgeService, RejudgeQueries],
})
export class RejudgeModule {}
