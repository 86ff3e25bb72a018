import { INestApplicationContext, Logger } from '@nestjs/common';

import { QueueConsumer } from '../queue/queue-consumer';

const STOP_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

/**
 * How the worker stops on SIGTERM (Kubernetes, docker compose, npm start's supervisor) or SIGINT: Nest's shutdown
 * closes the queues first, so no job is taken and those in hand finish; one still running after `graceMs` goes back
 * to its queue for another worker (QueueConsumer.handBackJobsInHand) and the process exits, within the
 * orchestrator's grace period rather than being killed in it.
 */
export function stopGracefullyOnSignals(app: INestApplicationContext, graceMs: number): void {
  const logger = new Logger('Shutdown');
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: taking no more jobs; waiting up to ${graceMs} ms for those in hand`);
    const deadline = setTimeout(() => {
      app
        .get(QueueConsumer)
        .handBackJobsInHand()
        .then(
          (count) => logger.warn(`Stop grace period over: handed ${count} job(s) back to the queue; exiting`),
          (error: Error) => logger.error(`Handing jobs back failed: ${error.message}; exiting`),
        )
        .finally(() => process.exit(0));
    }, graceMs);
    try {
      await app.close();
      logger.log('Stopped');
      process.exit(0);
    } catch (error) {
      logger.error(`Stopping failed: ${(error as Error).message}`);
      process.exit(1);
    } finally {
      clearTimeout(deadline);
    }
  };
  for (const signal of STOP_SIGNALS) process.on(signal, (s: NodeJS.Signals) => void stop(s));
}
