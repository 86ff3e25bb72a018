import { Module } from '@nestjs/common';

import { ProblemsModule } from '../problems/problems.module';
import { RatingsSchedulerModule } from '../ratings/ratings-scheduler.module';
import { AccessCodeGuesses } from './access-code-guesses';
import { ClarificationsController } from './clarifications.controller';
import { ClarificationsService } from './clarifications.service';
import { ContestProblemAccess } from './contest-problem-access';
import { ContestSubmissionsService } from './contest-submissions.service';
import { ContestsController } from './contests.controller';
import { ContestsService } from './contests.service';
import { ScoreboardService } from './scoreboard/scoreboard.service';
import { ScoreboardStreamService } from './scoreboard/scoreboard-stream.service';
import { VirtualBoardService } from './scoreboard/virtual-board.service';

@Module({
  imports: [ProblemsModule, RatingsSchedulerModule],
  controllers: [ContestsController, ClarificationsController],
  providers: [
    AccessCodeGuesses,
    ContestProblemAccess,
    ContestsService,
    ScoreboardService,
    ContestSubmissionsService,
    VirtualBoardService,
    ScoreboardStreamService,
    ClarificationsService,
  ],
  exports: [ContestsService, ScoreboardService],
})
export class ContestsModule {}
