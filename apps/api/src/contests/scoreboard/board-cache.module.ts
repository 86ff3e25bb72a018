import { Global, Module } from '@nestjs/common';

import { BOARD_CACHE_MAX_ROWS, BOARD_CACHE_TTL_MS, BoardCache } from './board-cache';
import { BoardChanges } from './board-changes';
import { BoardRowCache } from './board-row-cache';

/**
 * The instance's one board cache, and the board changes that empty it, for every feature that changes a board; and its
 * board rows, kept by version.
 */
@Global()
@Module({
  providers: [
    { provide: BoardCache, useFactory: () => new BoardCache({ maxWeight: BOARD_CACHE_MAX_ROWS, ttlMs: BOARD_CACHE_TTL_MS }) },
    { provide: BoardRowCache, useFactory: () => new BoardRowCache() },
    BoardChanges,
  ],
  exports: [BoardCache, BoardRowCache, BoardChanges],
})
export class BoardCacheModule {}
