import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadWorkerConfig } from './config/worker-config';
import { WorkerModule } from './worker.module';

/**
 * A judge worker: no HTTP, just the queues. SIGTERM closes the queues, which lets the running jobs finish;
 * a job of a worker that dies instead is handed to another worker once its lock expires.
 */
async function bootstrap(): Promise<void> {
  const config = loadWorkerConfig();
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config));
  app.enableShutdownHooks();
  Logger.log(`Judge worker started (engine ${config.JUDGE_ENGINE}, concurrency ${config.WORKER_CONCURRENCY})`, 'Bootstrap');
}

bootstrap().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
