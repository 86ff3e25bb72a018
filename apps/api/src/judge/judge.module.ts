import { Module } from '@nestjs/common';

import { ContestsModule } from '../contests/contests.module';
import { ProblemsModule } from '../problems/problems.module';
import { CustomRunService } from './custom-run.service';
import { JudgeController } from './judge.controller';
import { JudgeService } from './judge.service';

@Module({
  imports: [ProblemsModule, ContestsModule],
  controllers: [JudgeController],
  providers: [JudgeService, CustomRunService],
  exports: [JudgeService],
})
export class JudgeModule {}
