import { BullModule } from '@nestjs/bull';
import { DynamicModule, Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from '@oj/db';
import { QUEUE_NAMES, queueConnection } from '@oj/messaging';
import { ObservabilityLoggingModule } from '@oj/observability';

import { WorkerConfig } from './config/worker-config';
import { CustomRunService } from './custom-runs/custom-run.service';
import { engineProvider } from './engines/engine.provider';
import { JUDGE_ENGINE, JudgeEngine } from './engines/judge-engine';
import { Grader } from './grading/grader';
import { JudgeSubmissionService } from './grading/judge-submission.service';
import { ProblemTestsCache } from './grading/problem-tests-cache';
import { ProgressPublisher } from './grading/progress-publisher';
import { LanguagesPublisher } from './languages/languages-publisher';
import { JobLogContext } from './operations/job-log-context';
import { WorkerHealthController } from './operations/worker-health.controller';
import { WorkerMetrics } from './operations/worker-metrics';
import { JobCancellations } from './queue/job-cancellations';
import { QueueConsumer } from './queue/queue-consumer';
import { SubmissionReconciler } from './queue/submission-reconciler';
import { RatingsConsumer } from './ratings/ratings-consumer';
import { RedisCloser, redisProvider } from './redis.provider';
import { SimilarityConsumer } from './similarity/similarity-consumer';
import { SimilarityReportService } from './similarity/similarity-report.service';
import { CheckerCompileService } from './validation/checker-compile.service';
import { ValidationService } from './validation/validation.service';

@Module({})
export class WorkerModule {
  static forRoot(config: WorkerConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        TypeOrmModule.forRoot({ ...dataSourceOptions(config.DATABASE_URL), extra: { max: config.WORKER_CONCURRENCY + 2 } }),
        BullModule.forRoot({
          ...queueConnection(config),
          settings: { lockDuration: config.JOB_LOCK_MS, stalledInterval: config.JOB_LOCK_MS, maxStalledCount: 2 },
        }),
        BullModule.registerQueue(...QUEUE_NAMES.map((name) => ({ name }))),
        ObservabilityLoggingModule.forRoot({ app: 'judge-worker', level: config.LOG_LEVEL, pretty: config.NODE_ENV === 'development' }),
        TerminusModule.forRoot({ logger: false }),
      ],
      controllers: [WorkerHealthController],
      providers: [
        { provide: WorkerConfig, useValue: config },
        engineProvider,
        {
          provide: Grader,
          useFactory: (engine: JudgeEngine, workerConfig: WorkerConfig) => new Grader(engine, workerConfig.timeFactors),
          inject: [JUDGE_ENGINE, WorkerConfig],
        },
        redisProvider,
        RedisCloser,
        ProgressPublisher,
        LanguagesPublisher,
        JudgeSubmissionService,
        ProblemTestsCache,
        ValidationService,
        CheckerCompileService,
        CustomRunService,
        QueueConsumer,
        JobCancellations,
        SubmissionReconciler,
        RatingsConsumer,
        JobLogContext,
        WorkerMetrics,
        SimilarityReportService,
        SimilarityConsumer,
      ],
    };
  }
}
