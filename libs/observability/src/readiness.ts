import { Logger, ServiceUnavailableException } from '@nestjs/common';
import {
  HealthCheckResult,
  HealthCheckService,
  HealthIndicatorFunction,
  HealthIndicatorResult,
  HealthIndicatorService,
} from '@nestjs/terminus';
import { ERROR_CODES } from '@oj/contracts';
import type Redis from 'ioredis';

/** How long one dependency may take to answer a readiness probe before it counts as down. */
export const READINESS_TIMEOUT_MS = 1500;

export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** `redis` is up when it answers PING; a client that is reconnecting queues the command, hence the timeout. */
export async function checkRedis(
  indicators: HealthIndicatorService,
  redis: Redis,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<HealthIndicatorResult> {
  const session = indicators.check('redis');
  try {
    await withTimeout(redis.ping(), timeoutMs);
    return session.up();
  } catch (error) {
    return session.down({ message: (error as Error).message });
  }
}

/**
 * Terminus's 503 as the API's error body: `{message, code, details}` with one detail per dependency that is down,
 * e.g. "Not ready: redis, worker".
 */
function notReady(error: unknown): unknown {
  if (!(error instanceof ServiceUnavailableException)) return error;
  const result = error.getResponse() as HealthCheckResult;
  const down = Object.entries(result.error ?? {});
  return new ServiceUnavailableException({
    message: `Not ready: ${down.map(([name]) => name).join(', ')}`,
    code: ERROR_CODES.SERVICE_UNAVAILABLE,
    details: down.map(([name, status]) => ({ path: name, message: String((status as { message?: unknown }).message ?? 'down') })),
  });
}

export type ReadinessDetails = Record<string, { status: 'up' | 'down'; message?: string }>;

/**
 * Runs a readiness probe and logs readiness when it changes (probes come every few seconds, so not on every
 * probe). Resolves with each dependency's state, or rejects with a 503 naming those that are down.
 */
export class ReadinessProbe {
  private readonly logger = new Logger('Readiness');
  private last?: string;

  constructor(private readonly health: HealthCheckService) {}

  async check(indicators: HealthIndicatorFunction[]): Promise<ReadinessDetails> {
    try {
      const result = await this.health.check(indicators);
      this.report('Ready');
      return result.details as ReadinessDetails;
    } catch (error) {
      const refusal = notReady(error);
      this.report(refusal instanceof Error ? refusal.message : 'Not ready');
      throw refusal;
    }
  }

  private report(state: string): void {
    if (state === this.last) return;
    this.last = state;
    if (state === 'Ready') this.logger.log(state);
    else this.logger.warn(state);
  }
}
