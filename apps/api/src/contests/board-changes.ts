import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ContestBoardChange } from '@oj/contracts';
import { type BoardChange, contestBoardsChannel } from '@oj/messaging';
import Redis from 'ioredis';

import { AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';
import { BoardCache } from './board-cache';

/**
 * Where the API says a contest's board changed other than by a result (the worker's `finished` events carry those):
 * a registration, an edit, the unfreeze, a deletion, a problem or user gone. Every instance drops its cached reads
 * of that board (ScoreboardStreamService, on Redis); this one at once, so the caller's next read is the new board.
 */
@Injectable()
export class BoardChanges {
  private readonly logger = new Logger(BoardChanges.name);

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly config: AppConfig,
    private readonly cache: BoardCache,
  ) {}

  /**
   * Call once the change is committed. `contestId` null: every board; `change` set: each instance also tells the
   * contest's stream viewers to read the board again.
   */
  async changed(contestId: number | null, change: ContestBoardChange | null = null): Promise<void> {
    if (contestId === null) this.cache.clear();
    else this.cache.invalidate(contestId);
    const message: BoardChange = { contestId, change };
    await this.redis
      .publish(contestBoardsChannel(this.config.REDIS_PREFIX), JSON.stringify(message))
      .catch((error) => this.logger.warn(`Could not publish a board change: ${error}`));
  }
}
