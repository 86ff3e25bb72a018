import { Injectable } from '@nestjs/common';
import {
  type ContestCell,
  type ContestFormat,
  type FirstSolvers,
  type ProblemTotals,
  problemTotalsOf,
  type ScoreboardRow,
} from '@oj/contracts';
import type { ContestEntity, ContestParticipationEntity } from '@oj/db';
import { DataSource } from 'typeorm';

import { canSeeLiveBoard, isBoardFrozen, type Viewer } from '../../access';
import type { AuthUser } from '../../auth/auth-user';
import type { JsonText } from '../../common/json-text';
import { ContestsService } from '../contests.service';
import type { ScoreboardDto } from '../dto/contest-response.dto';
import { BoardCache } from './board-cache';
import { BoardRowCache, type RowFolds } from './board-row-cache';
import { type OrderedRow, orderedRow, type RankColumns, Ranking } from './ranking';
import {
  BOARD_ROWS_SQL,
  type BoardScope,
  type BoardView,
  cellOf,
  firstSolversSql,
  problemTotalsSql,
  rankedPageSql,
  rankingSql,
  VIRTUAL_ROWS_SQL,
} from './scoreboard.queries';
import { VirtualBoardService } from './virtual-board.service';

/** A board row as each kind of viewer sees it (ScoreboardService.rowViews). */
export interface RowViews {
  live: ScoreboardRow;
  public: ScoreboardRow;
  own: ScoreboardRow;
}

/** A row's place in the view (Ranking, rankedPageSql), its name, and the version of its totals and cells. */
interface RankedRow {
  id: string;
  rank: number;
  version: string;
  username: string | null;
  /** A virtual run's row (Ranking.withRows); absent on official rows. */
  virtual?: true;
}

/** A row's totals and cells as BOARD_ROWS_SQL reads them. */
interface StoredRow {
  id: string;
  version: string;
  solved: number;
  score: number;
  penalty: number;
  public_solved: number;
  public_score: number;
  public_penalty: number;
  cells: Record<string, unknown[]>;
}

/** A ranked row with its totals and cells as each fold shows them. */
interface FoldedRow {
  ranked: RankedRow;
  folds: RowFolds;
}

/** A cached page: each row's JSON as the view shows it, in the view's order, and their ids. */
interface Page {
  rows: string[];
  ids: string[];
  /** A search's: how many rows it found in all (the board's count is read apart). */
  matched?: number;
}

/**
 * The scoreboard read: a ranked, paginated query over the rows the result writes keep. While the board is frozen
 * for the caller it ranks and shows the public fold (frozen results as pending), except the caller's own row, which
 * shows their own verdicts; admins see the live board.
 *
 * A read is kept at three levels. Each part of a read (a page, one participation's row, the first solvers, the
 * labels) is kept in the instance's BoardCache under the view it was ranked in, until the board changes: a read on a
 * quiet board sends only the contest's and the caller's lookups, and answers JSON text put together from the kept
 * parts. Under it, each view's ranking of the whole board (Ranking: ids, keys, versions, names) is kept through
 * results, each result moving its row as its event arrives, so a page after a verdict is a slice of it (ranking a
 * page far down in the rows' index took 6–17 ms once verdicts had rewritten rows). And each row's totals and cells
 * are kept as JSON in BoardRowCache by the row's version: of a page's rows only those written since are read,
 * usually none, as the contest stream's row event read the changed one (reading 100 rows' 2,600 cells and encoding
 * them was three quarters of a page's read).
 * The view is decided per read from the clock (isBoardFrozen), so the freeze moves readers from the live entries to
 * the public ones as it begins. The ranking is kept whole, but rows with their cells only as pages read them: the
 * whole board with its cells, 10,000 rows, took 2.7 s to read bare where a page took 26 ms (bench/BENCHMARKS.md
 * "Contests").
 */
@Injectable()
export class ScoreboardService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly contests: ContestsService,
    private readonly virtualBoards: VirtualBoardService,
    private readonly cache: BoardCache,
    private readonly rows: BoardRowCache,
  ) {}

  /**
   * A page of the board as the caller sees it; with `user`, a page of the rows whose username holds that text. With
   * `virtual`, every virtual run's row is ranked in among the official ones (their ranks then count them too); the
   * caller's own run, while it is on, shows its own board either way, as the final board would spoil it.
   */
  async read(
    contestId: number,
    caller: AuthUser | undefined,
    page: number,
    limit: number,
    user?: string,
    virtual = false,
  ): Promise<JsonText<ScoreboardDto>> {
    const {
      contest,
      seats: { official, virtual: run },
    } = await this.contests.findVisible(contestId, caller);
    const runOver = !!run?.endsAt && run.endsAt <= new Date();
    if (run && caller && !(virtual && runOver)) return JSON.stringify(await this.readVirtual(contest, run, caller, page, limit, user));
    const view = this.viewOf(contest, caller);
    const frozen = view === 'public';
    const scope: BoardScope = virtual ? 'all' : 'official';
    // On the board with virtual participants, a caller without a registration finds their run's row as their own.
    const mine = official ?? (virtual ? run : null);
    const [found, mineRow, firstSolvers, labels, total, problemTotals] = await Promise.all([
      user === undefined ? this.page(contest, view, scope, page, limit) : this.search(contest, view, scope, user, page, limit),
      mine ? this.row(contest, view, scope, mine.id) : null,
      this.firstSolvers(contestId, view),
      this.labels(contestId),
      this.total(contest, view, scope),
      this.problemTotals(contestId, view, scope),
    ]);
    // The caller's own row shows their own verdicts, wherever it ranks and on the page too.
    const own = mineRow ? rowJson(mineRow.ranked, mineRow.folds.live) : 'null';
    const at = mine && view === 'public' ? found.ids.indexOf(mine.id) : -1;
    const items = found.rows.map((row, i) => (i === at ? own : row)).join(',');
    const shown = found.matched ?? total;
    const totalPages = Math.ceil(shown / limit);
    return `{"format":"${contest.format}","labels":${JSON.stringify(labels)},"frozen":${frozen},"items":[${items}],"mine":${own},"firstSolvers":${firstSolvers},"problemTotals":${problemTotals},"virtualMinute":null,"total":${shown},"totalPages":${totalPages},"page":${page},"limit":${limit}}`;
  }

  /** The board the viewer sees now: the public fold while it is frozen for them, else the live one. */
  viewOf(contest: ContestEntity, viewer: Viewer): BoardView {
    return !canSeeLiveBoard(viewer) && isBoardFrozen(contest, new Date()) ? 'public' : 'live';
  }

  /** Every official row of the board in the view, ranked, each with its participation (the CLICS scoreboard's team). */
  async officialRows(contest: ContestEntity, view: BoardView): Promise<(ScoreboardRow & { participationId: string })[]> {
    const rows = await this.folded(contest, await this.ranked(rankedPageSql(contest.format, view), [contest.contestId, null, 0]));
    return rows.map(({ ranked, folds }) => ({
      ...(JSON.parse(rowJson(ranked, folds[view])) as ScoreboardRow),
      participationId: ranked.id,
    }));
  }

  /** The caller's virtual run's board (VirtualBoardService), paginated like the official one. */
  private async readVirtual(
    contest: ContestEntity,
    run: ContestParticipationEntity,
    caller: AuthUser,
    page: number,
    limit: number,
    user: string | undefined,
  ): Promise<ScoreboardDto> {
    const [board, labels] = await Promise.all([this.virtualBoards.board(contest, run, caller), this.labels(contest.contestId)]);
    const strip = ({ id: _id, ...row }: ScoreboardRow & { id: string }): ScoreboardRow => row;
    const mine = board.rows.find((row) => row.id === run.id);
    const wanted = user?.toLowerCase();
    const shown = wanted === undefined ? board.rows : board.rows.filter((row) => row.username?.toLowerCase().includes(wanted));
    return {
      format: contest.format,
      labels,
      frozen: false,
      items: shown.slice((page - 1) * limit, page * limit).map(strip),
      mine: mine ? strip(mine) : null,
      firstSolvers: board.firstSolvers,
      problemTotals: problemTotalsOf(labels, board.rows),
      virtualMinute: board.minute,
      total: shown.length,
      totalPages: Math.ceil(shown.length / limit),
      page,
      limit,
    };
  }

  /**
   * One participation's row as each kind of viewer sees it now, for the contest stream: `live` (admins, and
   * everyone while the board is not frozen), `public` (others during a freeze: frozen cells pending) and `own` (the
   * participant: their own cells live, ranked where the others see them). Null once it is gone. Ranked among the
   * scope's rows: an official row on the official board, a virtual run's on the board with virtual participants.
   */
  async rowViews(contest: ContestEntity, participationId: string, scope: BoardScope = 'official'): Promise<RowViews | null> {
    const frozen = isBoardFrozen(contest, new Date());
    const [live, pub] = await Promise.all([this.order(contest, 'live', scope), frozen ? this.order(contest, 'public', scope) : null]);
    const placed = live.find(participationId);
    // One read of the row gives both folds; each view ranks it in its own order.
    const [row] = placed ? await this.folded(contest, [placed]) : [];
    if (!row) return null;
    const parse = (ranked: RankedRow, folds: string) => JSON.parse(rowJson(ranked, folds)) as ScoreboardRow;
    const publicPlace = pub?.find(participationId);
    if (!publicPlace) {
      const shown = parse(row.ranked, row.folds.live);
      return { live: shown, public: shown, own: shown };
    }
    return {
      live: parse(row.ranked, row.folds.live),
      public: parse(publicPlace, row.folds.public),
      own: parse(publicPlace, row.folds.live),
    };
  }

  /** A page of the scope's rows in the view. */
  private page(contest: ContestEntity, view: BoardView, scope: BoardScope, page: number, limit: number): Promise<Page> {
    const { contestId } = contest;
    const load = async (): Promise<Page> => {
      const order = await this.order(contest, view, scope);
      const rows = await this.folded(contest, order.page((page - 1) * limit, limit));
      return { rows: rows.map((row) => rowJson(row.ranked, row.folds[view])), ids: rows.map((row) => row.ranked.id) };
    };
    return this.cache.get(contestId, `page:${view}:${scope}:${page}:${limit}`, load, (found) => Math.max(1, found.rows.length));
  }

  /**
   * A page of the rows whose username holds `text`, each ranked on the whole board: a filter of the kept ranking, as
   * a page is a slice of it.
   */
  private search(contest: ContestEntity, view: BoardView, scope: BoardScope, text: string, page: number, limit: number): Promise<Page> {
    const load = async (): Promise<Page> => {
      const matching = (await this.order(contest, view, scope)).matching(text);
      const rows = await this.folded(contest, matching.slice((page - 1) * limit, page * limit));
      return {
        rows: rows.map((row) => rowJson(row.ranked, row.folds[view])),
        ids: rows.map((row) => row.ranked.id),
        matched: matching.length,
      };
    };
    const key = `search:${view}:${scope}:${page}:${limit}:${text}`;
    return this.cache.get(contest.contestId, key, load, (found) => Math.max(1, found.rows.length));
  }

  /**
   * One participation's row, ranked in the view: the caller's own on each read, and the changed row the contest
   * stream sends (rowViews), so the participant's read after their verdict finds it already read. Null once gone.
   */
  private row(contest: ContestEntity, view: BoardView, scope: BoardScope, participationId: string): Promise<FoldedRow | null> {
    return this.cache.get(contest.contestId, `row:${view}:${scope}:${participationId}`, async () => {
      const placed = (await this.order(contest, view, scope)).find(participationId);
      const [row] = placed ? await this.folded(contest, [placed]) : [];
      return row ?? null;
    });
  }

  /**
   * The ranking of the scope's rows in the view: the official one kept through results (BoardCache.ranking), read
   * whole when not kept; with the virtual runs', that one with their rows merged in (Ranking.withRows), kept as any read
   * until a result or a new run. It weighs its virtual rows alone: the official rows it shares with the kept ranking.
   */
  private order(contest: ContestEntity, view: BoardView, scope: BoardScope = 'official'): Promise<Ranking> {
    const { contestId, format } = contest;
    if (scope === 'all') {
      const load = async () => {
        const [official, virtual] = await Promise.all([
          this.order(contest, view),
          this.dataSource.query(VIRTUAL_ROWS_SQL, [contestId]) as Promise<(Omit<OrderedRow, 'keys'> & RankColumns)[]>,
        ]);
        const rows = virtual.map((row): OrderedRow => ({ ...orderedRow(format, view, row), virtual: true }));
        return { order: official.withRows(rows), virtual: rows.length };
      };
      return this.cache.get(contestId, `ranking:${view}:all`, load, (kept) => Math.max(1, kept.virtual)).then((kept) => kept.order);
    }
    return this.cache.ranking(contestId, view, async (ticket) => {
      const rows: (Omit<OrderedRow, 'keys'> & RankColumns)[] = await this.dataSource.query(rankingSql(format, view), [contestId]);
      return new Ranking(
        format,
        rows.map((row) => orderedRow(format, view, row)),
        ticket,
      );
    });
  }

  private ranked(sql: string, params: unknown[]): Promise<RankedRow[]> {
    return this.dataSource.query(sql, params);
  }

  /**
   * The ranked rows with their totals and cells: kept ones at the version ranked (BoardRowCache), the others read in
   * one statement. A row read at a newer version than ranked (written in between) is shown as read; one gone in
   * between (its participation deleted) is left out.
   */
  private async folded(contest: ContestEntity, ranked: RankedRow[]): Promise<FoldedRow[]> {
    const found = new Map<string, RowFolds>();
    for (const row of ranked) {
      const folds = this.rows.get(row.id, row.version);
      if (folds) found.set(row.id, folds);
    }
    const missing = ranked.filter((row) => !found.has(row.id)).map((row) => row.id);
    if (missing.length) {
      const [stored, labels] = await Promise.all([
        this.dataSource.query(BOARD_ROWS_SQL, [contest.contestId, missing]) as Promise<StoredRow[]>,
        this.labels(contest.contestId),
      ]);
      for (const row of stored) {
        const folds = foldsOf(contest.format, row, labels);
        this.rows.set(row.id, row.version, folds);
        found.set(row.id, folds);
      }
    }
    return ranked.flatMap((row) => {
      const folds = found.get(row.id);
      return folds ? [{ ranked: row, folds }] : [];
    });
  }

  /** The first solvers in the view, as JSON. */
  private firstSolvers(contestId: number, view: BoardView): Promise<JsonText<FirstSolvers>> {
    return this.cache.get(contestId, `solvers:${view}`, async () => {
      const solvers: { label: string; username: string | null; minute: number }[] = await this.dataSource.query(firstSolversSql(view), [
        contestId,
      ]);
      return JSON.stringify(Object.fromEntries(solvers.map((s) => [s.label, { username: s.username, minute: s.minute }])));
    });
  }

  /** Each problem's solved / tried over the scope's rows in the view, as JSON (ProblemTotals). */
  private problemTotals(contestId: number, view: BoardView, scope: BoardScope): Promise<JsonText<ProblemTotals>> {
    return this.cache.get(contestId, `totals:${view}:${scope}`, async () => {
      const rows: { label: string; solved: number; tried: number }[] = await this.dataSource.query(problemTotalsSql(view, scope), [
        contestId,
      ]);
      return JSON.stringify(Object.fromEntries(rows.map((r) => [r.label, { solved: r.solved, tried: r.tried }])));
    });
  }

  private labels(contestId: number): Promise<string[]> {
    return this.cache.outline(contestId, 'labels', async () => {
      const rows: { label: string }[] = await this.dataSource.query(
        'SELECT label FROM contest_problems WHERE contest_id = $1 ORDER BY position',
        [contestId],
      );
      return rows.map((r) => r.label);
    });
  }

  /**
   * The count of the scope's rows: the official ones changed by registrations, not results (a virtual run's
   * start drops the outline too: BoardChanges.placeRegistration); with the virtual runs', the size of that ranking.
   */
  private async total(contest: ContestEntity, view: BoardView, scope: BoardScope): Promise<number> {
    if (scope === 'all') return (await this.order(contest, view, scope)).size;
    return this.cache.outline(contest.contestId, 'total', async () => {
      const [row]: { n: number }[] = await this.dataSource.query(
        `SELECT count(*)::int AS n FROM contest_participations WHERE contest_id = $1 AND kind = 'official'`,
        [contest.contestId],
      );
      return row.n;
    });
  }
}

/** A problem nobody's submission has touched yet, as a row shows it. */
const UNTRIED: ContestCell = { attempts: 0, solved: false, score: 0, minute: null, elapsedSeconds: null, pending: 0 };

/**
 * The row's totals and cells as each fold shows them, as the JSON members that follow its rank and name: a cell for
 * every label, in the contest's order (a problem the participant never tried has no stored cell), as virtual boards.
 * A row is written again whenever the labels change (an edit re-folds the board), so its kept folds follow them.
 */
function foldsOf(format: ContestFormat, row: StoredRow, labels: string[]): RowFolds {
  const shown = [...new Set([...labels, ...Object.keys(row.cells)])];
  const members = (view: BoardView) => {
    const live = view === 'live';
    const folded = {
      solved: live ? row.solved : row.public_solved,
      score: live ? row.score : row.public_score,
      penalty: format === 'icpc' || format === 'atcoder' ? (live ? row.penalty : row.public_penalty) : 0,
      cells: Object.fromEntries(shown.map((label) => [label, row.cells[label] ? cellOf(row.cells[label], view) : UNTRIED])),
    };
    return JSON.stringify(folded).slice(1, -1);
  };
  return { live: members('live'), public: members('public') };
}

/** A board row (ScoreboardRow) as JSON: its rank, name and kind, then one fold of its totals and cells. */
function rowJson(ranked: RankedRow, folds: string): string {
  return `{"rank":${ranked.rank},"username":${JSON.stringify(ranked.username)},"virtual":${ranked.virtual === true},${folds}}`;
}
