import { Module } from '@nestjs/common';

import { ContestsModule } from '../contests/contests.module';
import { RatingsController } from './ratings.controller';
import { RatingsService } from './ratings.service';

@Module({ imports: [ContestsModule], controllers: [RatingsController], providers: [RatingsService] })
export class RatingsModule {}
