import type { PlacedResult, Ranking } from './ranking';
import { RankingCache } from './ranking-cache';
import type { BoardView } from './scoreboard.queries';

/** How long a cached board read lives without an invalidation: the safety net for a lost Redis message. */
export const BOARD_CACHE_TTL_MS = 30_000;

/**
 * The rows one API instance keeps at most, over every cached read (a page weighs its rows, a single row or the first
 * solvers one): 2–3 KB a row at 26 cells (a page's rows as JSON text, a single row as read), so some 50 MB. Enough
 * for both views of a 10,000-row board.
 */
export const BOARD_CACHE_MAX_ROWS = 20_000;

/**
 * The rows of rankings one API instance keeps at most (RankingCache): some 250 bytes each (an id, a version, a
 * name and three keys), so about 25 MB; both views of five 10,000-row boards.
 */
export const RANKING_CACHE_MAX_ROWS = 100_000;

export interface BoardCacheOptions {
  maxWeight: number;
  ttlMs: number;
  /** Rows of rankings kept at most (RANKING_CACHE_MAX_ROWS by default). */
  maxRankingRows?: number;
  now?: () => number;
}

interface Entry {
  contestId: number;
  /** Kept through results (`resultsChanged`): a part of the board no result changes (`outline`). */
  outline: boolean;
  value: unknown;
  weight: number;
  expiresAt: number;
}

interface Loading {
  contestId: number;
  promise: Promise<unknown>;
}

/**
 * One API instance's cache of contest board reads (pages, single rows, first solvers, virtual boards), each under
 * its contest and a key that names everything the read depends on. A contest's entries are dropped by
 * `invalidate` the moment its board changes (ScoreboardStreamService calls it on every instance, on the API's board
 * changes on Redis), and expire after `ttlMs` in any case. A result (the worker's `finished` event) drops them too
 * (`resultsChanged`), but for the board's outline (`outline`: its labels and count of rows), which no result changes.
 *
 * Each contest's ranking in each view is kept apart (RankingCache): a result moves its row there rather than dropping
 * it, so a page read after a verdict ranks nothing again.
 *
 * Reads of one key that arrive while it loads share that load. A load that began before an invalidation of its
 * contest may have read the board as it was: it is neither stored nor shared with later reads. Each contest has a
 * generation, a number never reused; a load stores its value only if its contest's generation is still the one it
 * began under. Memory is bounded by weight (rows), the least recently read entries going first.
 */
export class BoardCache {
  /** In order of last read: the first is the next to go. */
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Loading>();
  /** Each cached contest's current generation; forgotten on invalidation, so the next read starts a new one. */
  private readonly generations = new Map<number, number>();
  private lastGeneration = 0;
  private weight = 0;
  /** Off while invalidations may be missed (the Redis subscription is down): every read loads, nothing is kept. */
  private active = true;
  private readonly now: () => number;
  private readonly rankings: RankingCache;
  /**
   * Results taken in whose row, and so whose contest, is still being read (resultArriving): a read waits for those
   * that arrived before it, so none serves a board from before a verdict its caller may already have heard of.
   */
  private readonly arriving = new Set<Promise<void>>();

  constructor(private readonly options: BoardCacheOptions) {
    this.now = options.now ?? Date.now;
    this.rankings = new RankingCache({ maxRows: options.maxRankingRows ?? RANKING_CACHE_MAX_ROWS, ttlMs: options.ttlMs, now: this.now });
  }

  /** The contest's ranking in the view, kept through results (RankingCache.get); `load` reads it at its ticket. */
  ranking(contestId: number, view: BoardView, load: (ticket: number) => Promise<Ranking>): Promise<Ranking> {
    return this.afterArrivals(() => this.rankings.get(contestId, view, load, this.active));
  }

  /**
   * A result was announced (its `finished` event) and `placement` reads its row, then drops or moves what it changed
   * (resultsChanged). The same event reaches the result's viewer on the live stream, whose page then reads its board
   * at once: until the placement settles, reads wait for it rather than serve the board as it was before the result.
   */
  resultArriving(placement: Promise<unknown>): void {
    const settled = placement.then(
      () => undefined,
      () => undefined,
    );
    this.arriving.add(settled);
    void settled.then(() => this.arriving.delete(settled));
  }

  /** `read` once every result that arrived before it is placed (at once when none is being placed). */
  private afterArrivals<T>(read: () => Promise<T>): Promise<T> {
    return this.arriving.size ? Promise.all([...this.arriving]).then(read) : read();
  }

  /** A ticket for a read of a result's row about to be sent (RankingCache.ticket). */
  ticket(): number {
    return this.rankings.ticket();
  }

  /** The cached value of `key` in the contest, or `load`'s, stored unless the board changed meanwhile. */
  get<T>(contestId: number, key: string, load: () => Promise<T>, weigh: (value: T) => number = () => 1): Promise<T> {
    return this.afterArrivals(() => this.read(contestId, key, load, weigh, false));
  }

  /**
   * As `get`, for a part of the board that only a board change (`invalidate`) changes, not a result: its labels, its
   * count of rows. Kept through `resultsChanged`.
   */
  outline<T>(contestId: number, key: string, load: () => Promise<T>): Promise<T> {
    return this.afterArrivals(() => this.read(contestId, key, load, () => 1, true));
  }

  private read<T>(contestId: number, key: string, load: () => Promise<T>, weigh: (value: T) => number, outline: boolean): Promise<T> {
    const id = `${contestId}:${key}`;
    const hit = this.entries.get(id);
    if (hit) {
      this.remove(id, hit);
      if (hit.expiresAt > this.now()) {
        this.entries.set(id, hit);
        this.weight += hit.weight;
        return Promise.resolve(hit.value as T);
      }
    }
    if (!this.active) return load();
    const shared = this.loading.get(id);
    if (shared) return shared.promise as Promise<T>;
    const generation = this.generationOf(contestId);
    const promise: Promise<T> = Promise.resolve()
      .then(load)
      .then(
        (value) => {
          this.settled(id, promise);
          if (this.active && this.generations.get(contestId) === generation)
            this.store(id, { contestId, outline, value, weight: weigh(value) });
          return value;
        },
        (error: unknown) => {
          this.settled(id, promise);
          throw error;
        },
      );
    this.loading.set(id, { contestId, promise });
    return promise;
  }

  /** The contest's board changed: drop what is kept of it, and keep nothing a read under way returns. */
  invalidate(contestId: number): void {
    this.drop(contestId, true);
    this.rankings.invalidate(contestId);
  }

  /**
   * A participant registered (`placed`: their new row, read at `ticket`): as `invalidate`, but the rankings take the
   * row in instead of going (reading a 10,000-row board's ranking whole costs some 50 ms).
   */
  registered(contestId: number, placed: { result: PlacedResult; ticket: number }): void {
    this.drop(contestId, true);
    this.rankings.place(contestId, placed.result, placed.ticket);
  }

  /**
   * A virtual run of the contest started: its reads go, outline too (the count of rows with virtual runs), but its
   * rankings stay, as they rank official rows alone.
   */
  virtualRunStarted(contestId: number): void {
    this.drop(contestId, true);
  }

  /**
   * A result of the contest changed its board: as `invalidate`, but its outline stays, and its rankings move the
   * result's row (`placed`: an official row, read at `ticket`) instead of going. A virtual run's result moves none.
   */
  resultsChanged(contestId: number, placed?: { result: PlacedResult; ticket: number }): void {
    this.drop(contestId, false);
    if (placed) this.rankings.place(contestId, placed.result, placed.ticket);
  }

  /** Drops the contest's kept reads (but its rankings: RankingCache), its outline too if `outlineToo`. */
  private drop(contestId: number, outlineToo: boolean): void {
    this.generations.delete(contestId);
    for (const [id, entry] of this.entries) if (entry.contestId === contestId && (outlineToo || !entry.outline)) this.remove(id, entry);
    for (const [id, loading] of this.loading) if (loading.contestId === contestId) this.loading.delete(id);
  }

  /** Every board changed (or may have): as `invalidate` for every contest. */
  clear(): void {
    this.rankings.clear();
    this.generations.clear();
    this.entries.clear();
    this.loading.clear();
    this.weight = 0;
  }

  /** Invalidations may be missed from now on: clear, and keep nothing until `resume`. */
  suspend(): void {
    this.active = false;
    this.clear();
  }

  /** Invalidations arrive again: what was read before now may have missed one, so start from nothing. */
  resume(): void {
    this.clear();
    this.active = true;
  }

  /** Nothing kept and nothing loading: no invalidation can matter. */
  get isEmpty(): boolean {
    return !this.entries.size && !this.loading.size && this.rankings.isEmpty;
  }

  get size(): { entries: number; weight: number } {
    return { entries: this.entries.size, weight: this.weight };
  }

  private generationOf(contestId: number): number {
    let generation = this.generations.get(contestId);
    if (generation === undefined) {
      generation = ++this.lastGeneration;
      this.generations.set(contestId, generation);
    }
    return generation;
  }

  private settled(id: string, promise: Promise<unknown>): void {
    if (this.loading.get(id)?.promise === promise) this.loading.delete(id);
  }

  private store(id: string, entry: Omit<Entry, 'expiresAt'>): void {
    // Larger than the whole cache: kept, it would only push everything else out.
    if (entry.weight > this.options.maxWeight) return;
    const old = this.entries.get(id);
    if (old) this.remove(id, old);
    this.entries.set(id, { ...entry, expiresAt: this.now() + this.options.ttlMs });
    this.weight += entry.weight;
    for (const [oldest, entry] of this.entries) {
      if (this.weight <= this.options.maxWeight) break;
      this.remove(oldest, entry);
    }
  }

  private remove(id: string, entry: Entry): void {
    this.entries.delete(id);
    this.weight -= entry.weight;
  }
}
