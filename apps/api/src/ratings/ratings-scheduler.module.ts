import { Module } from '@nestjs/common';

import { RatingsScheduler } from './ratings-scheduler';

/** The ratings queue's producer, apart from the ratings routes so that contests can use it without a cycle. */
@Module({ providers: [RatingsScheduler], exports: [RatingsScheduler] })
export class RatingsSchedulerModule {}
