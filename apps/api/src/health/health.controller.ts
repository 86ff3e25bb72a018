import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { checkRedis, READINESS_TIMEOUT_MS, ReadinessDetails, ReadinessProbe, withTimeout } from '@oj/observability';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';

import { LanguagesService } from '../languages/languages.service';
import { REDIS } from '../redis/redis.module';

class HealthDto {
  @ApiProperty({ example: 'ok' })
  status: 'ok';
}

class ReadinessDto {
  @ApiProperty({ example: 'ok' })
  status: 'ok';

  @ApiProperty({
    description: 'Each dependency and its state',
    example: { database: { status: 'up' }, redis: { status: 'up' }, worker: { status: 'up' } },
  })
  details: ReadinessDetails;
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  private readonly readiness: ReadinessProbe;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly languages: LanguagesService,
  ) {
    this.readiness = new ReadinessProbe(health);
  }

  /** Answers once PostgreSQL and Redis both answer (what `npm start` waits for). */
  @Get()
  @ApiOperation({ summary: 'PostgreSQL and Redis answer' })
  @ApiOkResponse({ type: HealthDto })
  async check(): Promise<HealthDto> {
    await this.dataSource.query('SELECT 1');
    await this.redis.ping();
    return { status: 'ok' };
  }

  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process is up and serving HTTP' })
  @ApiOkResponse({ type: HealthDto })
  live(): HealthDto {
    return { status: 'ok' };
  }

  @Get('ready')
  @HealthCheck({ swaggerDocumentation: false })
  @ApiOperation({ summary: 'Readiness: PostgreSQL, Redis and at least one judge worker (its heartbeat) are up' })
  @ApiOkResponse({ type: ReadinessDto })
  @ApiServiceUnavailableResponse({ description: 'Not ready; the message and details name each dependency that is down' })
  async ready(): Promise<ReadinessDto> {
    const details = await this.readiness.check([
      () => this.database.pingCheck('database', { connection: this.dataSource, timeout: READINESS_TIMEOUT_MS }),
      () => checkRedis(this.indicators, this.redis),
      () => this.checkWorker(),
    ]);
    return { status: 'ok', details };
  }

  /** Workers refresh their language list every 30 s with a 90 s lifetime: its presence is the heartbeat. */
  private async checkWorker() {
    const session = this.indicators.check('worker');
    try {
      return (await withTimeout(this.languages.workerAlive(), READINESS_TIMEOUT_MS))
        ? session.up()
        : session.down({ message: 'no judge worker heartbeat in the last 90 s' });
    } catch (error) {
      return session.down({ message: `heartbeat unreadable: ${(error as Error).message}` });
    }
  }
}
