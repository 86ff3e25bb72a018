import type { ContestFormat } from '@oj/contracts';

import { type BoardView, orderKeys } from './scoreboard.queries';

/** A row's totals as they rank it, both folds: what the ranking and the row read after a result give. */
export interface RankColumns {
  solved: number;
  score: number;
  penalty: number;
  last_ac_minute: number;
  public_solved: number;
  public_score: number;
  public_penalty: number;
  public_last_ac_minute: number;
}

/** One row's place in a view: its keys (the rows' index's, in its order), name and version. */
export interface OrderedRow {
  id: string;
  /** A virtual run's row, ranked in by Ranking.withRows; official rows leave it out. */
  virtual?: true;
  keys: number[];
  /** The participation's xmin when these keys were read: its cells at that version are BoardRowCache's. */
  version: string;
  username: string | null;
}

/** A participation's row as placedRowSql reads it. */
export interface PlacedRowColumns extends RankColumns {
  id: string;
  contest_id: number;
  kind: 'official' | 'virtual';
  user_id: string;
  format: ContestFormat;
  version: string;
  username: string | null;
}

/** A row's place in each view of its board, as a result or a registration moves it. */
export interface PlacedResult {
  live: OrderedRow;
  public: OrderedRow;
}

/** A row's place in the view: its id, version and name, and its keys there. */
export function orderedRow(
  format: ContestFormat,
  view: BoardView,
  row: RankColumns & Pick<OrderedRow, 'id' | 'version' | 'username'>,
): OrderedRow {
  return { id: row.id, version: row.version, username: row.username, keys: keysOf(format, view, row) };
}

/** The row's place in each view of its board. */
export function placedResult(row: PlacedRowColumns): PlacedResult {
  return { live: orderedRow(row.format, 'live', row), public: orderedRow(row.format, 'public', row) };
}

/** A row of a page, ranked as in sport (1, 2, 2, 4). */
export interface PlacedRow extends OrderedRow {
  rank: number;
}

/** The view's keys of a row (rankOrder and the rows' index in scoreboard.queries.ts), in order. */
export function keysOf(format: ContestFormat, view: BoardView, row: RankColumns): number[] {
  return orderKeys(format).map(({ key }) => Number(row[(view === 'public' ? `public_${key}` : key) as keyof RankColumns]));
}

/**
 * One view of one contest's official rows, in the order of the rows' index (the ranking keys, then id): what a page
 * read slices, and what a result moves one row in (`place`) instead of ranking the board again in PostgreSQL. With
 * 10,000 rows, a page far down was an index walk of 9,900 entries, each a heap visit once verdicts had rewritten
 * rows and no vacuum had run yet (6–17 ms); here it is an array slice.
 *
 * Each row remembers the ticket of the read that placed it (RankingCache.ticket, issued in order before each read):
 * a read issued later saw the row at least as new, so an older ticket never moves a row back.
 */
export class Ranking {
  private readonly format: ContestFormat;
  private readonly rows: OrderedRow[];
  private readonly tickets = new Map<string, number>();
  private readonly directions: number[];
  /** How many leading keys rank (the rest only order ties): ICPC's last AC minute ranks, IOI's penalty does not. */
  private readonly rankingKeys: number;

  /** `rows` as read in the index's order (rankingSql), at `ticket`. */
  constructor(format: ContestFormat, rows: OrderedRow[], ticket: number) {
    this.format = format;
    const keys = orderKeys(format);
    this.directions = keys.map((k) => (k.desc ? -1 : 1));
    this.rankingKeys = keys.filter((k) => k.ranks).length;
    this.rows = rows;
    for (const row of rows) this.tickets.set(row.id, ticket);
  }

  get size(): number {
    return this.rows.length;
  }

  /** Moves the row (or adds it) to its place for its new keys, unless a read issued later placed it already. */
  place(row: OrderedRow, ticket: number): void {
    if ((this.tickets.get(row.id) ?? -Infinity) > ticket) return;
    this.tickets.set(row.id, ticket);
    const old = this.rows.findIndex((r) => r.id === row.id);
    if (old >= 0) this.rows.splice(old, 1);
    let [low, high] = [0, this.rows.length];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.compare(this.rows[middle], row) < 0) low = middle + 1;
      else high = middle;
    }
    this.rows.splice(low, 0, row);
  }

  /**
   * A new ranking of this one's rows and `rows` (another kind's, in any order), each where the format ranks it; this
   * one is left as it is. The board with virtual participants: the kept official ranking with the virtual runs' rows
   * merged in, a walk of both. Nothing is ever placed in the new one: it is read again whole when a result arrives.
   */
  withRows(rows: OrderedRow[]): Ranking {
    const added = [...rows].sort((a, b) => this.compare(a, b));
    const merged: OrderedRow[] = [];
    let next = 0;
    for (const row of this.rows) {
      while (next < added.length && this.compare(added[next], row) < 0) merged.push(added[next++]);
      merged.push(row);
    }
    merged.push(...added.slice(next));
    return new Ranking(this.format, merged, 0);
  }

  /** `limit` rows from `offset` (null: all), each ranked: one plus the rows ranking strictly before it. */
  page(offset: number, limit: number | null): PlacedRow[] {
    const slice = this.rows.slice(offset, limit === null ? undefined : offset + limit);
    if (!slice.length) return [];
    let start = offset;
    // The first row shares its rank with the rows before the page that tie it.
    while (start > 0 && this.ties(this.rows[start - 1], this.rows[offset])) start--;
    return slice.map((row, i) => {
      if (i > 0 && !this.ties(slice[i - 1], row)) start = offset + i;
      return { ...row, rank: start + 1 };
    });
  }

  /** The row with its rank, or null when it is not on the board. */
  find(id: string): PlacedRow | null {
    const at = this.rows.findIndex((r) => r.id === id);
    return at < 0 ? null : this.page(at, 1)[0];
  }

  /** The rows whose user's name holds `text` (any case), in order, each ranked on the whole board. */
  matching(text: string): PlacedRow[] {
    const wanted = text.toLowerCase();
    return this.rows.flatMap((row, at) => (row.username?.toLowerCase().includes(wanted) ? this.page(at, 1) : []));
  }

  private ties(a: OrderedRow, b: OrderedRow): boolean {
    for (let k = 0; k < this.rankingKeys; k++) if (a.keys[k] !== b.keys[k]) return false;
    return true;
  }

  /** The index's order: each key in its direction, then id (a uuid's text sorts as its bytes, as PostgreSQL does). */
  private compare(a: OrderedRow, b: OrderedRow): number {
    for (let k = 0; k < this.directions.length; k++)
      if (a.keys[k] !== b.keys[k]) return (a.keys[k] < b.keys[k] ? -1 : 1) * this.directions[k];
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  }
}
