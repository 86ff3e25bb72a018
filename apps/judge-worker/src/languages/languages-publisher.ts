import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { LANGUAGES_TTL_SECONDS, languagesKey } from '@oj/messaging';
import Redis from 'ioredis';

import { WorkerConfig } from '../config/worker-config';
import { JUDGE_ENGINE, JudgeEngine } from '../engines/judge-engine';
import { REDIS } from '../redis.provider';

const REFRESH_MS = 30_000;

/**
 * Publishes the engine's languages to Redis with a short TTL and keeps refreshing them: the API lists them,
 * and their absence tells the API that no worker is alive.
 */
@Injectable()
export class LanguagesPublisher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(LanguagesPublisher.name);
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(JUDGE_ENGINE) private readonly engine: JudgeEngine,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: WorkerConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // A Redis that restarted without its data has lost the list: publish it again on reconnect, not 30 s later.
    this.redis.on('ready', () => void this.publish());
    await this.publish();
    this.timer = setInterval(() => void this.publish(), REFRESH_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async publish(): Promise<void> {
    try {
      const languages = await this.engine.languages();
      await this.redis.set(languagesKey(this.config.REDIS_PREFIX), JSON.stringify(languages), 'EX', LANGUAGES_TTL_SECONDS);
    } catch (error) {
      this.logger.warn(`Could not publish the language list: ${(error as Error).message}`);
    }
  }
}
