import 'reflect-metadata';

import { Logger } from '@nestjs/common';

import { configureApp, createApiApp } from './app-setup';
import { loadAppConfig } from './config/app-config';
import { stopGracefullyOnSignals } from './http/graceful-stop';

async function bootstrap(): Promise<void> {
  const config = loadAppConfig();
  const app = await createApiApp(config, { bufferLogs: true });
  configureApp(app, config);
  stopGracefullyOnSignals(app);
  await app.listen(config.PORT);
  Logger.log(`API listening on http://localhost:${config.PORT}`, 'Bootstrap');
}

// A promise nobody awaited must not take down every request or job in flight with it: log it and keep serving.
process.on('unhandledRejection', (reason) =>
  Logger.error(`Unhandled rejection: ${reason instanceof Error ? reason.stack : String(reason)}`, 'Process'),
);

bootstrap().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
