import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ContestBoardChange } from '@oj/contracts';
import { type BoardChange, contestBoardsChannel } from '@oj/messaging';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';

import { AppConfig } from '../../config/app-config';
import { REDIS } from '../../redis/redis.module';
import { BoardCache } from './board-cache';
import { placedResult, type PlacedRowColumns } from './ranking';
import { placedRowSql } from './scoreboard.queries';

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
    private readonly dataSource: DataSource,
  ) {}

  /**
   * Call once the change is committed. `contestId` null: every board; `change` set: each instance also tells the
   * contest's stream viewers to read the board again.
   */
  async changed(contestId: number | null, change: ContestBoardChange | null = null): Promise<void> {
    if (contestId === null) this.cache.clear();
    else this.cache.invalidate(contestId);
    await this.publish({ contestId, change });
  }

  /**
   * A participation was registered or a virtual run started (call once it is committed): as `changed`, but each
   * instance places the new row in its kept rankings of the board (placeRegistration) rather than dropping them; this
   * one before it returns, so the participant's next read shows them.
   */
  async registered(contestId: number, participationId: string): Promise<void> {
    await this.placeRegistration(contestId, participationId);
    await this.publish({ contestId, change: null, registered: participationId });
  }

  /**
   * Reads a registered row and places it in the board's kept rankings, dropping the board's other kept reads. A
   * virtual run's row is in no kept ranking (the official ones leave it out): its start drops the kept reads alone.
   */
  async placeRegistration(contestId: number, participationId: string): Promise<void> {
    const ticket = this.cache.ticket();
    try {
      const [row]: PlacedRowColumns[] = await this.dataSource.query(placedRowSql('participation'), [participationId]);
      if (row?.kind === 'official') this.cache.registered(contestId, { result: placedResult(row), ticket });
      else if (row?.kind === 'virtual') this.cache.virtualRunStarted(contestId);
      else this.cache.invalidate(contestId);
    } catch (error) {
      // Where the row goes is unknown: the board is read again whole.
      this.cache.invalidate(contestId);
      this.logger.warn(`Could not read a registration's row: ${error}`);
    }
  }

  private async publish(message: BoardChange): Promise<void> {
    await this.redis
      .publish(contestBoardsChannel(this.config.REDIS_PREFIX), JSON.stringify(message))
      .catch((error) => this.logger.warn(`Could not publish a board change: ${error}`));
  }
}
