import { BullModule } from '@nestjs/bull';
import { Global, Module } from '@nestjs/common';
import { JUDGE_QUEUE, VALIDATE_QUEUE } from '@oj/contracts';
import { AppConfig } from '../config/app-config';

/** The API's side of the judge queues: it only adds jobs; workers consume them. */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({ redis: config.REDIS_URL, prefix: config.REDIS_PREFIX }),
    }),
    BullModule.registerQueue({ name: JUDGE_QUEUE }, { name: VALIDATE_QUEUE }),
  ],
  exports: [BullModule],
})
export class QueueModule {}
