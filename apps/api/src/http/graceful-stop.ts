import { Logger } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'http';

/** How long requests in flight and the shutdown hooks may take before the process gives up on them. */
const STOP_TIMEOUT_MS = 10_000;

/**
 * SIGTERM or SIGINT: stop accepting connections at once, then close the app: live streams end with a final
 * comment (LiveService), idle keep-alive connections close, requests in flight finish, queues and database
 * connections close. Exits 0 when done, 1 when something hangs past the timeout.
 */
export function stopGracefullyOnSignals(app: NestExpressApplication): void {
  const logger = new Logger('Shutdown');
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: not accepting requests; closing live streams and connections`);
    setTimeout(() => {
      logger.error(`Still closing after ${STOP_TIMEOUT_MS} ms; exiting anyway`);
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    // Nest's own close() stops listening only after the hooks; new connections must be refused before them.
    (app.getHttpServer() as Server).close();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error(`Shutdown failed: ${error instanceof Error ? error.stack : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
