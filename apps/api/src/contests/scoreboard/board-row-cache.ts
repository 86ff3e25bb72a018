/**
 * The rows one API instance keeps at most: some 3.6 KB each at 26 cells (both folds as JSON text, 1.8 KB each), so
 * about 75 MB. Enough for two 10,000-row boards, or every page anyone reads of a larger one.
 */
export const BOARD_ROW_CACHE_MAX_ROWS = 20_000;

/** A board row's totals and cells as JSON members (`"solved":…,"cells":{…}`), as each fold shows them. */
export interface RowFolds {
  live: string;
  public: string;
}

/**
 * One API instance's board rows as last read, each under its participation and the version it was read at (the
 * row's xmin: every write of a cell rewrites its participation's totals in the same statement, contest-board.ts).
 *
 * Unlike BoardCache, nothing here is dropped when a board changes: a verdict changes one row, and a read asks for
 * each row at the version the ranking found it at, so only that row is read again. The other 99 rows of a page come
 * from here, which is why a page's first read after a verdict ranks in the index and reads one row, not 100 rows
 * with 2,600 cells. A version is a transaction id, never reused for another state of the row, so a stale row is never
 * returned, whatever invalidation was lost. Memory is bounded by rows, the least recently read going first.
 */
export class BoardRowCache {
  /** In order of last read: the first is the next to go. */
  private readonly rows = new Map<string, { version: string; folds: RowFolds }>();

  constructor(private readonly maxRows = BOARD_ROW_CACHE_MAX_ROWS) {}

  /** The row's folds if they were read at `version`. */
  get(id: string, version: string): RowFolds | undefined {
    const hit = this.rows.get(id);
    if (!hit || hit.version !== version) return undefined;
    this.rows.delete(id);
    this.rows.set(id, hit);
    return hit.folds;
  }

  set(id: string, version: string, folds: RowFolds): void {
    this.rows.delete(id);
    this.rows.set(id, { version, folds });
    for (const oldest of this.rows.keys()) {
      if (this.rows.size <= this.maxRows) break;
      this.rows.delete(oldest);
    }
  }

  get size(): number {
    return this.rows.size;
  }
}
