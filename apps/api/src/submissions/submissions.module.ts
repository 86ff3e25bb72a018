import { Module } from '@nestjs/common';

import { ContestsModule } from '../contests/contests.module';
import { ProblemsModule } from '../problems/problems.module';
import { ProblemSubmissionsController } from './problem-submissions.controller';
import { SubmissionQueries } from './submission-queries';
import { SubmissionsController } from './submissions.controller';
import { SubmissionsService } from './submissions.service';

@Module({
  imports: [ProblemsModule, ContestsModule],
  controllers: [SubmissionsController, ProblemSubmissionsController],
  providers: [SubmissionsService, SubmissionQueries],
})
export class SubmissionsModule {}
