import { Global, Module } from '@nestjs/common';

import { ApiMetrics } from './api-metrics';

@Global()
@Module({ providers: [ApiMetrics], exports: [ApiMetrics] })
export class MetricsModule {}
