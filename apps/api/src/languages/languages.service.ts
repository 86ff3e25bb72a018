import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { EffectiveCpuTimeLimit, effectiveCpuTimeLimit, ERROR_CODES, Language, LANGUAGES_CACHE_SECONDS } from '@oj/contracts';
import { languagesKey } from '@oj/messaging';
import Redis from 'ioredis';

import { ApiException } from '../common/api-exception';
import { AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';

export const NO_WORKER_MESSAGE = 'No judge worker is running. Start one with npm start or the judge-worker app.';

/**
 * The engine's languages, as the workers publish them to Redis. Cached here for five minutes, but only while a
 * worker is alive: once the workers' key has expired the list is refused, so nobody submits into a dead queue.
 */
@Injectable()
export class LanguagesService {
  private cache: { languages: Language[]; until: number } | null = null;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
  ) {}

  async list(): Promise<Language[]> {
    if (this.cache && this.cache.until > Date.now() && (await this.workerAlive())) return this.cache.languages;
    const raw = await this.redis.get(languagesKey(this.config.REDIS_PREFIX));
    if (!raw) {
      this.cache = null;
      throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, ERROR_CODES.SERVICE_UNAVAILABLE, NO_WORKER_MESSAGE);
    }
    const languages = (JSON.parse(raw) as Language[]).sort((a, b) => a.name.localeCompare(b.name));
    this.cache = { languages, until: Date.now() + LANGUAGES_CACHE_SECONDS * 1000 };
    return languages;
  }

  /**
   * The CPU limit each language gets under a problem's `cpuTimeLimit`: the problem's languages, or when it allows
   * them all, the engine's (none while no worker is alive).
   */
  async effectiveCpuTimeLimits(cpuTimeLimit: number, languageIds: number[]): Promise<EffectiveCpuTimeLimit[]> {
    const ids = languageIds.length ? languageIds : (await this.list().catch(() => [])).map((l) => l.id);
    return ids.map((languageId) => ({ languageId, seconds: effectiveCpuTimeLimit(this.config.timeFactors, languageId, cpuTimeLimit) }));
  }

  /**
   * Refuses a language no worker could run: 503 while no worker is alive, 400 (on the body's field `path`) for a
   * language the engine lacks.
   */
  async assertRunnable(languageId: number, path = 'languageId'): Promise<void> {
    if (!(await this.workerAlive()))
      throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, ERROR_CODES.SERVICE_UNAVAILABLE, NO_WORKER_MESSAGE);
    if (!(await this.find(languageId))) throw ApiException.badRequest('This language is not available on the judge.', path);
  }

  /** Whether a worker has published its languages recently, i.e. one is alive. */
  async workerAlive(): Promise<boolean> {
    return (await this.redis.exists(languagesKey(this.config.REDIS_PREFIX))) === 1;
  }

  /** The language, or undefined when the engine does not offer it (or no worker is alive). */
  async find(id: number): Promise<Language | undefined> {
    try {
      return (await this.list()).find((l) => l.id === id);
    } catch {
      return undefined;
    }
  }
}
