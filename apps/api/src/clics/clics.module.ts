import { Module } from '@nestjs/common';

import { ContestsModule } from '../contests/contests.module';
import { LanguagesModule } from '../languages/languages.module';
import { ClicsController } from './clics.controller';
import { ClicsService } from './clics.service';
import { ClicsAccessGuard } from './clics-access.guard';
import { ClicsEventFeedService } from './clics-event-feed.service';
import { ClicsFeedWakeupsService } from './clics-feed-wakeups.service';
import { ClicsTokensController } from './clics-tokens.controller';
import { ClicsTokensService } from './clics-tokens.service';

/** The CLICS Contest API for the ICPC tools (issue 24), and the contest tokens they read it with. */
@Module({
  imports: [ContestsModule, LanguagesModule],
  controllers: [ClicsController, ClicsTokensController],
  providers: [ClicsService, ClicsEventFeedService, ClicsFeedWakeupsService, ClicsTokensService, ClicsAccessGuard],
})
export class ClicsModule {}
