import { DynamicModule, Global, Module, RequestMethod } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';

import { createLogger, LoggerOptions } from './logger';

/** Every route, in the path syntax of Nest 11 (a bare `*` is converted with a warning at every start). */
export const EVERY_ROUTE = { path: '{*path}', method: RequestMethod.ALL };

/** The application's root pino logger (inject it to log outside Nest's `Logger`, or to derive job loggers). */
export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/**
 * One pino logger per application, and nestjs-pino on top of it so every Nest `Logger` line goes through it
 * (after `app.useLogger(app.get(Logger))`). `useExisting`: where requests are logged, pino-http is mounted by the
 * application itself as its first Express middleware, so requests that never reach a Nest route are logged too.
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
          useFactory: (logger: Logger) => ({ pinoHttp: { logger }, useExisting: true, forRoutes: [EVERY_ROUTE] }),
        }),
      ],
      providers: [{ provide: ROOT_LOGGER, useFactory: () => createLogger(options) }],
      exports: [ROOT_LOGGER],
    };
  }
}
