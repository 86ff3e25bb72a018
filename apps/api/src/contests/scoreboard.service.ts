import { Injectable } from '@nestjs/common';
import type { ContestFormat, FirstSolvers, ScoreboardRow } from '@oj/contracts';
import type { ContestEntity, ContestParticipationEntity } from '@oj/db';
import { DataSource } from 'typeorm';

import { canSeeLiveBoard, isBoardFrozen, type Viewer } from '../access';
import type { AuthUser } from '../auth/auth-user';
import type { JsonText } from '../common/json-text';
import { BoardCache } from './board-cache';
import { ContestsService } from './contests.service';
import type { ScoreboardDto } from './dto/contest-response.dto';
import { BoardView, cellOf, firstSolversSql, rankedPageSql, rankedRowSql } from './scoreboard.queries';
import { VirtualBoardService } from './virtual-board.service';

/** A board row as each kind of viewer sees it (ScoreboardService.rowViews). */
export interface RowViews {
  live: ScoreboardRow;
  public: ScoreboardRow;
  own: ScoreboardRow;
}

interface RankedRow {
  id: string;
  user_id: string;
  username: string | null;
  rank: number;
  /** The board's count of rows; null on a single row read (rankedRowSql). */
  total: number | null;
  solved: number;
  score: number;
  penalty: number;
  public_solved: number;
  public_score: number;
  public_penalty: number;
  cells: Record<string, unknown[]>;
}

/** A cached page: each row's JSON as the view shows it, in the view's order, their ids, and the board's count of rows. */
interface Page {
  rows: string[];
  ids: string[];
  total: number;
}

/**
 * The scoreboard read: one ranked, paginated query over the rows the result writes keep. While the board is
 * frozen for the caller it ranks and shows the public fold (frozen results as pending), except the caller's own
 * row, which shows their own verdicts; admins see the live board.
 *
 * Each part of a read (a page, one participation's row, the first solvers, the labels) is kept in the instance's
 * BoardCache under the view it was ranked in, until the board changes: a read on a quiet board sends only the
 * contest's and the caller's lookups, and answers JSON text put together from the kept parts (a page's rows are kept
 * as JSON: building and encoding 100 rows of 26 cells on every read cost more than the rest of the read). The view is
 * decided per read from the clock (isBoardFrozen), so the freeze moves readers from the live entries to the public
 * ones as it begins. Pages are cached rather than the whole ranked board: the whole board of 10,000 rows took 2.7 s
 * to read bare where a page took 26 ms, and a verdict invalidates it all the same, so during a contest, with verdicts
 * every few seconds, the first read after each would pay for every row (bench/BENCHMARKS.md "Contests").
 */
@Injectable()
export class ScoreboardService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly contests: ContestsService,
    private readonly virtualBoards: VirtualBoardService,
    private readonly cache: BoardCache,
  ) {}

  async read(contestId: number, caller: AuthUser | undefined, page: number, limit: number): Promise<JsonText<ScoreboardDto>> {
    const contest = await this.contests.find(contestId);
    const { official: mine, virtual: run } = await this.contests.seatsOf(contestId, caller);
    if (run && caller) return JSON.stringify(await this.readVirtual(contest, run, caller, page, limit));
    const view = this.viewOf(contest, caller);
    const frozen = view === 'public';
    const [found, mineRow, firstSolvers, labels] = await Promise.all([
      this.page(contest, view, page, limit),
      mine ? this.row(contest, view, mine.id) : null,
      this.firstSolvers(contestId, view),
      this.labels(contestId),
    ]);
    // The caller's own row shows their own verdicts, wherever it ranks and on the page too.
    const own = mineRow ? JSON.stringify(toRow(contest.format, mineRow, 'live')) : 'null';
    const at = mine && view === 'public' ? found.ids.indexOf(mine.id) : -1;
    const items = found.rows.map((row, i) => (i === at ? own : row)).join(',');
    const totalPages = Math.ceil(found.total / limit);
    return `{"format":"${contest.format}","labels":${JSON.stringify(labels)},"frozen":${frozen},"items":[${items}],"mine":${own},"firstSolvers":${firstSolvers},"virtualMinute":null,"total":${found.total},"totalPages":${totalPages},"page":${page},"limit":${limit}}`;
  }

  /** The board the viewer sees now: the public fold while it is frozen for them, else the live one. */
  viewOf(contest: ContestEntity, viewer: Viewer): BoardView {
    return !canSeeLiveBoard(viewer) && isBoardFrozen(contest, new Date()) ? 'public' : 'live';
  }

  /** Every official row of the board in the view, ranked, each with its participation (the CLICS scoreboard's team). */
  async officialRows(contest: ContestEntity, view: BoardView): Promise<(ScoreboardRow & { participationId: string })[]> {
    const rows: RankedRow[] = await this.dataSource.query(rankedPageSql(contest.format, view), [contest.contestId, null, 0]);
    return rows.map((row) => ({ ...toRow(contest.format, row, view), participationId: row.id }));
  }

  /** The caller's virtual run's board (VirtualBoardService), paginated like the official one. */
  private async readVirtual(
    contest: ContestEntity,
    run: ContestParticipationEntity,
    caller: AuthUser,
    page: number,
    limit: number,
  ): Promise<ScoreboardDto> {
    const [board, labels] = await Promise.all([this.virtualBoards.board(contest, run, caller), this.labels(contest.contestId)]);
    const strip = ({ id: _id, ...row }: ScoreboardRow & { id: string }): ScoreboardRow => row;
    const mine = board.rows.find((row) => row.id === run.id);
    return {
      format: contest.format,
      labels,
      frozen: false,
      items: board.rows.slice((page - 1) * limit, page * limit).map(strip),
      mine: mine ? strip(mine) : null,
      firstSolvers: board.firstSolvers,
      virtualMinute: board.minute,
      total: board.rows.length,
      totalPages: Math.ceil(board.rows.length / limit),
      page,
      limit,
    };
  }

  /**
   * One participation's official row as each kind of viewer sees it now, for the contest stream: `live` (admins,
   * and everyone while the board is not frozen), `public` (others during a freeze: frozen cells pending) and
   * `own` (the participant: their own cells live, ranked where the others see them). Null once it is gone.
   */
  async rowViews(contest: ContestEntity, participationId: string): Promise<RowViews | null> {
    const frozen = isBoardFrozen(contest, new Date());
    const [live, pub] = await Promise.all([
      this.row(contest, 'live', participationId),
      frozen ? this.row(contest, 'public', participationId) : undefined,
    ]);
    if (!live) return null;
    if (!pub) {
      const row = toRow(contest.format, live, 'live');
      return { live: row, public: row, own: row };
    }
    return {
      live: toRow(contest.format, live, 'live'),
      public: toRow(contest.format, pub, 'public'),
      own: toRow(contest.format, pub, 'live'),
    };
  }

  /** A page of the board in the view, with the count of its rows. */
  private page(contest: ContestEntity, view: BoardView, page: number, limit: number): Promise<Page> {
    const { contestId, format } = contest;
    const load = async (): Promise<Page> => {
      const rows: RankedRow[] = await this.dataSource.query(rankedPageSql(format, view), [contestId, limit, (page - 1) * limit]);
      return {
        rows: rows.map((row) => JSON.stringify(toRow(format, row, view))),
        ids: rows.map((row) => row.id),
        total: rows[0]?.total ?? (await this.count(contestId)),
      };
    };
    return this.cache.get(contestId, `page:${view}:${page}:${limit}`, load, (found) => Math.max(1, found.rows.length));
  }

  /**
   * One participation's row, ranked in the view: the caller's own on each read, and the changed row the contest
   * stream sends (rowViews), so the participant's read after their verdict finds it already read. Null once gone.
   */
  private row(contest: ContestEntity, view: BoardView, participationId: string): Promise<RankedRow | null> {
    const { contestId } = contest;
    return this.cache.get(contestId, `row:${view}:${participationId}`, async () => {
      const rows: RankedRow[] = await this.dataSource.query(rankedRowSql(contest.format, view), [contestId, participationId]);
      return rows[0] ?? null;
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

  private labels(contestId: number): Promise<string[]> {
    return this.cache.get(contestId, 'labels', async () => {
      const rows: { label: string }[] = await this.dataSource.query(
        'SELECT label FROM contest_problems WHERE contest_id = $1 ORDER BY position',
        [contestId],
      );
      return rows.map((r) => r.label);
    });
  }

  /** Only for a page past the end, where the ranked query returns no row to carry the count. */
  private async count(contestId: number): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM contest_participations WHERE contest_id = $1 AND kind = 'official'`,
      [contestId],
    );
    return row.n;
  }
}

function toRow(format: ContestFormat, row: RankedRow, view: BoardView): ScoreboardRow {
  const live = view === 'live';
  return {
    rank: row.rank,
    username: row.username,
    solved: live ? row.solved : row.public_solved,
    score: live ? row.score : row.public_score,
    penalty: format === 'icpc' || format === 'atcoder' ? (live ? row.penalty : row.public_penalty) : 0,
    cells: Object.fromEntries(Object.entries(row.cells).map(([label, tuple]) => [label, cellOf(tuple, view)])),
  };
}
