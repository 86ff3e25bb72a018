import { BullModule } from '@nestjs/bull';
import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { JUDGE_QUEUE, VALIDATE_QUEUE } from '@oj/contracts';
import { dataSourceOptions } from '@oj/db';
import { WorkerConfig } from './config/worker-config';
import { engineProvider } from './engines/engine.provider';
import { LanguagesPublisher } from './languages/languages-publisher';
import { QueueConsumer } from './queue/queue-consumer';
import { RedisCloser, redisProvider } from './redis.provider';
import { JudgeSubmissionService } from './submissions/judge-submission.service';
import { LiveEventPublisher } from './submissions/live-event-publisher';
import { ValidationService } from './validation/validation.service';

@Module({})
export class WorkerModule {
  static forRoot(config: WorkerConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        TypeOrmModule.forRoot({ ...dataSourceOptions(config.DATABASE_URL), extra: { max: config.WORKER_CONCURRENCY + 2 } }),
        BullModule.forRoot({
          redis: config.REDIS_URL,
          prefix: config.REDIS_PREFIX,
          settings: { lockDuration: config.JOB_LOCK_MS, stalledInterval: config.JOB_LOCK_MS, maxStalledCount: 2 },
        }),
        BullModule.registerQueue({ name: JUDGE_QUEUE }, { name: VALIDATE_QUEUE }),
      ],
      providers: [
        { provide: WorkerConfig, useValue: config },
        engineProvider,
        redisProvider,
        RedisCloser,
        LiveEventPublisher,
        LanguagesPublisher,
        JudgeSubmissionService,
        ValidationService,
        QueueConsumer,
      ],
    };
  }
}
