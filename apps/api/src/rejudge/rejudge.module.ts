import { Module } from '@nestjs/common';

import { RejudgeController } from './rejudge.controller';
import { RejudgeService } from './rejudge.service';
import { RejudgeQueries } from './rejudge-queries';

@Module({
  controllers: [RejudgeController],
  providers: [RejudgeService, RejudgeQueries],
})
export class RejudgeModule {}
