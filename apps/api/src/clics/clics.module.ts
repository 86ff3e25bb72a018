import { Module } from '@nestjs/common';

import { ContestsModule } from '../contests/contests.module';
import { LanguagesModule } from '../languages/languages.module';
import { ClicsApiController, ClicsController } from './clics.controller';
import { ClicsService } from './clics.service';
import { ClicsAccessGuard } from './clics-access.guard';
import { ClicsEventFeedService } from './clics-event-feed.service';
import { ClicsFeedWakeupsService } from './clics-feed-wakeups.service';
import { ClicsReadersService } from './clics-readers.service';
import { ClicsTokensController } from './clics-tokens.controller';
import { ClicsTokensService } from './clics-tokens.service';

/** The CLICS Contest API for the ICPC tools (issue 24), and the contest tokens they read it with. */
@Module({
  imports: [ContestsModule, LanguagesModule],
  controllers: [ClicsApiController, ClicsController, ClicsTokensController],
  providers: [ClicsService, ClicsEventFeedService, ClicsFeedWakeupsService, ClicsTokensService, ClicsReadersService, ClicsAccessGuard],
})
export class ClicsModule {}
