import { DynamicModule, Module } from '@nestjs/common';
import { ObservabilityLoggingModule } from '@oj/observability';

import { AppConfig } from '../config/app-config';
import { requestLogBindings } from './request-context';

/** The API's logger: JSON in production and tests, readable lines in development; lines name their request. */
@Module({})
export class LoggingModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        ObservabilityLoggingModule.forRoot({
          app: 'api',
          level: config.LOG_LEVEL,
          pretty: config.NODE_ENV === 'development',
          mixin: requestLogBindings,
        }),
      ],
    };
  }
}
