import { DynamicModule, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { EVERY_ROUTE, ObservabilityLoggingModule } from '@oj/observability';

import { AppConfig } from '../config/app-config';
import { requestContextMiddleware } from './request-context';

/** The API's logger (JSON in production and tests, readable lines in development) and the request context. */
@Module({})
export class LoggingModule implements NestModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: LoggingModule,
      imports: [ObservabilityLoggingModule.forRoot({ app: 'api', level: config.LOG_LEVEL, pretty: config.NODE_ENV === 'development' })],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(requestContextMiddleware).forRoutes(EVERY_ROUTE);
  }
}
