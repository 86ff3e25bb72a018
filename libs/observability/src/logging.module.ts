import { DynamicModule, Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';

import { createLogger, LoggerOptions } from './logger';

/** The application's root pino logger (inject it to log outside Nest's `Logger`, or to derive job loggers). */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/**
 * One pino logger per application, and nestjs-pino on top of it so every Nest `Logger` line goes through it
 * (after `app.useLogger(app.get(Logger))`). nestjs-pino's own per-request middleware (a pino-http child logger per
 * request) is mounted on no route: the application logs its requests itself (the API's access log), and a line's
 * context comes from the logger's mixin or, in a judge job, from runWithLogBindings.
 */
@Global()
@Module({})
export class ObservabilityLoggingModule {
  static forRoot(options: LoggerOptions): DynamicModule {
    return {
      module: ObservabilityLoggingModule,
      imports: [
        LoggerModule.forRootAsync({
          inject: [ROOT_LOGGER],
          useFactory: (logger: Logger) => ({ pinoHttp: { logger }, useExisting: true, forRoutes: [] }),
        }),
      ],
      providers: [{ provide: ROOT_LOGGER, useFactory: () => createLogger(options) }],
      exports: [ROOT_LOGGER],
    };
  }
}
