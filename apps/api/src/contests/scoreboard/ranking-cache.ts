import type { OrderedRow, PlacedResult, Ranking } from './ranking';
import type { BoardView } from './scoreboard.queries';

interface Kept {
  contestId: number;
  order: Ranking;
  expiresAt: number;
}

interface Loading {
  contestId: number;
  promise: Promise<Ranking>;
  /** Results taken in while it loads, placed once it is kept (it may have been read before them). */
  results: { row: OrderedRow; ticket: number }[];
}

export interface RankingCacheOptions {
  /** Rows kept at most, over every order. */
  maxRows: number;
  /** How long an order is trusted without a reload: the safety net for a lost result message. */
  ttlMs: number;
  now: () => number;
}

/**
 * One API instance's rankings (Ranking), one per contest and view. Unlike BoardCache's reads, a ranking is not
 * dropped by a result but moved: the instance reads the result's row (its keys in both views) when its `finished`
 * event arrives, and places it (`place`), so a page read after a verdict slices the order instead of ranking the
 * board again. A registration's row is placed the same way (BoardChanges.placeRegistration); any other board change
 * (edit, unfreeze, deletion) drops the contest's orders (`invalidate`).
 *
 * Tickets order the reads: each read of an order or of a result's row takes one (`ticket`) before it is sent, and a
 * row placed by a later ticket is never moved back by an earlier one. A result taken in while its order loads is
 * placed once the load is kept. An order older than `ttlMs` is still served, and reloaded behind it, so a lost
 * message is mended within that time without a read ever waiting for the whole board. A load under way when its
 * contest's orders are dropped is not kept. Memory is bounded by rows, the least recently read orders going first.
 */
export class RankingCache {
  /** In order of last read: the first is the next to go. */
  private readonly kept = new Map<string, Kept>();
  private readonly loading = new Map<string, Loading>();
  private rows = 0;
  private lastTicket = 0;

  constructor(private readonly options: RankingCacheOptions) {}

  /** A ticket for a read about to be sent: later reads get larger ones. */
  ticket(): number {
    return ++this.lastTicket;
  }

  /**
   * The contest's order in the view: kept (reloaded behind it when old), or `load`ed, kept unless its contest's orders
   * were dropped meanwhile. `active` false: loaded, never kept.
   */
  get(contestId: number, view: BoardView, load: (ticket: number) => Promise<Ranking>, active: boolean): Promise<Ranking> {
    if (!active) return load(this.ticket());
    const key = `${contestId}:${view}`;
    const hit = this.kept.get(key);
    if (hit) {
      this.kept.delete(key);
      this.kept.set(key, hit);
      if (hit.expiresAt <= this.options.now() && !this.loading.has(key)) this.load(key, contestId, load).catch(() => undefined);
      return Promise.resolve(hit.order);
    }
    return this.loading.get(key)?.promise ?? this.load(key, contestId, load);
  }

  private load(key: string, contestId: number, load: (ticket: number) => Promise<Ranking>): Promise<Ranking> {
    const ticket = this.ticket();
    const loading: Loading = { contestId, results: [], promise: Promise.resolve(ticket).then(load) };
    this.loading.set(key, loading);
    const settled = () => {
      const current = this.loading.get(key) === loading;
      if (current) this.loading.delete(key);
      return current;
    };
    return loading.promise.then(
      (order) => {
        if (!settled()) return order;
        for (const { row, ticket } of loading.results) order.place(row, ticket);
        this.keep(key, { contestId, order, expiresAt: this.options.now() + this.options.ttlMs });
        return order;
      },
      (error: unknown) => {
        settled();
        throw error;
      },
    );
  }

  /** A result's or a registration's row, read at `ticket`: placed in every order of its contest, kept or loading. */
  place(contestId: number, result: PlacedResult, ticket: number): void {
    for (const view of ['live', 'public'] as const) {
      const key = `${contestId}:${view}`;
      const kept = this.kept.get(key);
      if (kept) {
        const before = kept.order.size;
        kept.order.place(result[view], ticket);
        this.rows += kept.order.size - before;
      }
      this.loading.get(key)?.results.push({ row: result[view], ticket });
    }
  }

  /** The contest's board changed as a whole: its orders go, and none under way is kept. */
  invalidate(contestId: number): void {
    for (const [key, kept] of this.kept) if (kept.contestId === contestId) this.drop(key, kept);
    for (const [key, loading] of this.loading) if (loading.contestId === contestId) this.loading.delete(key);
  }

  clear(): void {
    this.kept.clear();
    this.loading.clear();
    this.rows = 0;
  }

  get isEmpty(): boolean {
    return !this.kept.size && !this.loading.size;
  }

  private keep(key: string, kept: Kept): void {
    const old = this.kept.get(key);
    if (old) this.drop(key, old);
    // Larger than every order together may be: kept, it would only push the others out.
    if (kept.order.size > this.options.maxRows) return;
    this.kept.set(key, kept);
    this.rows += kept.order.size;
    for (const [oldest, entry] of this.kept) {
      if (this.rows <= this.options.maxRows) break;
      this.drop(oldest, entry);
    }
  }

  private drop(key: string, kept: Kept): void {
    this.kept.delete(key);
    this.rows -= kept.order.size;
  }
}
