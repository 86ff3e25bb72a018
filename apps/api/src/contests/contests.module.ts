import { Module } from '@nestjs/common';

import { ProblemsModule } from '../problems/problems.module';
import { ContestSubmissionsService } from './contest-submissions.service';
import { ContestsController } from './contests.controller';
import { ContestsService } from './contests.service';
import { ScoreboardService } from './scoreboard.service';

@Module({
  imports: [ProblemsModule],
  controllers: [ContestsController],
  providers: [ContestsService, ScoreboardService, ContestSubmissionsService],
  exports: [ContestsService],
})
export class ContestsModule {}
