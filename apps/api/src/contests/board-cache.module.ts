import { Global, Module } from '@nestjs/common';

import { BOARD_CACHE_MAX_ROWS, BOARD_CACHE_TTL_MS, BoardCache } from './board-cache';
import { BoardChanges } from './board-changes';

/** The instance's one board cache, and the board changes that empty it, for every feature that changes a board. */
@Global()
@Module({
  providers: [
    { provide: BoardCache, useFactory: () => new BoardCache({ maxWeight: BOARD_CACHE_MAX_ROWS, ttlMs: BOARD_CACHE_TTL_MS }) },
    BoardChanges,
  ],
  exports: [BoardCache, BoardChanges],
})
export class BoardCacheModule {}
