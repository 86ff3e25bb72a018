import { Controller, Get, Inject } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { checkRedis, READINESS_TIMEOUT_MS, ReadinessDetails, ReadinessProbe } from '@oj/observability';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';

import { REDIS } from '../redis.provider';

/** The worker's probes, on its own port (WORKER_HTTP_PORT), at the same paths as the API's. */
@Controller('api/health')
export class WorkerHealthController {
  private readonly readiness: ReadinessProbe;

  constructor(
    health: HealthCheckService,
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
  ) {
    this.readiness = new ReadinessProbe(health);
  }

  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** Ready to grade: it reaches PostgreSQL (submissions, tests) and Redis (the queues). */
  @Get('ready')
  @HealthCheck({ swaggerDocumentation: false })
  async ready(): Promise<{ status: 'ok'; details: ReadinessDetails }> {
    const details = await this.readiness.check([
      () => this.database.pingCheck('database', { connection: this.dataSource, timeout: READINESS_TIMEOUT_MS }),
      () => checkRedis(this.indicators, this.redis),
    ]);
    return { status: 'ok', details };
  }
}
