import { Injectable } from '@nestjs/common';
import type { ContestFormat, ScoreboardRow } from '@oj/contracts';
import type { ContestEntity, ContestParticipationEntity } from '@oj/db';
import { DataSource } from 'typeorm';

import { canSeeLiveBoard, isBoardFrozen, type Viewer } from '../access';
import type { AuthUser } from '../auth/auth-user';
import { ContestsService } from './contests.service';
import type { ScoreboardDto } from './dto/contest-response.dto';
import { BoardView, cellOf, firstSolversSql, rankedRowsSql } from './scoreboard.queries';
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
  total: number;
  solved: number;
  score: number;
  penalty: number;
  public_solved: number;
  public_score: number;
  public_penalty: number;
  cells: Record<string, unknown[]>;
}

/**
 * The scoreboard read: one ranked, paginated query over the rows the result writes keep. While the board is
 * frozen for the caller it ranks and shows the public fold (frozen results as pending), except the caller's own
 * row, which shows their own verdicts; admins see the live board.
 */
@Injectable()
export class ScoreboardService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly contests: ContestsService,
    private readonly virtualBoards: VirtualBoardService,
  ) {}

  async read(contestId: number, caller: AuthUser | undefined, page: number, limit: number): Promise<ScoreboardDto> {
    const contest = await this.contests.find(contestId);
    const run = await this.contests.virtualRunOf(contestId, caller);
    if (run && caller) return this.readVirtual(contest, run, caller, page, limit);
    const view = this.viewOf(contest, caller);
    const frozen = view === 'public';
    const mine = await this.contests.participationOf(contestId, caller);
    const sql = rankedRowsSql(contest.format, view);
    const [rows, mineRows, solvers, labels] = await Promise.all([
      this.dataSource.query(sql, [contestId, limit, (page - 1) * limit, null]) as Promise<RankedRow[]>,
      mine ? (this.dataSource.query(sql, [contestId, 1, 0, mine.id]) as Promise<RankedRow[]>) : Promise.resolve([]),
      this.dataSource.query(firstSolversSql(view), [contestId]) as Promise<{ label: string; username: string | null; minute: number }[]>,
      this.dataSource.query('SELECT label FROM contest_problems WHERE contest_id = $1 ORDER BY position', [contestId]) as Promise<
        { label: string }[]
      >,
    ]);
    const present = (row: RankedRow) => toRow(contest.format, row, row.id === mine?.id ? 'live' : view);
    const total = rows[0]?.total ?? (await this.count(contestId));
    return {
      format: contest.format,
      labels: labels.map((l) => l.label),
      frozen,
      items: rows.map(present),
      mine: mineRows[0] ? present(mineRows[0]) : null,
      firstSolvers: Object.fromEntries(solvers.map((s) => [s.label, { username: s.username, minute: s.minute }])),
      virtualMinute: null,
      total,
      totalPages: Math.ceil(total / limit),
      page,
      limit,
    };
  }

  /** The board the viewer sees now: the public fold while it is frozen for them, else the live one. */
  viewOf(contest: ContestEntity, viewer: Viewer): BoardView {
    return !canSeeLiveBoard(viewer) && isBoardFrozen(contest, new Date()) ? 'public' : 'live';
  }

  /** Every official row of the board in the view, ranked, each with its participation (the CLICS scoreboard's team). */
  async officialRows(contest: ContestEntity, view: BoardView): Promise<(ScoreboardRow & { participationId: string })[]> {
    const rows: RankedRow[] = await this.dataSource.query(rankedRowsSql(contest.format, view), [contest.contestId, null, 0, null]);
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
    const rowIn = async (view: BoardView): Promise<RankedRow | undefined> =>
      ((await this.dataSource.query(rankedRowsSql(contest.format, view), [contest.contestId, 1, 0, participationId])) as RankedRow[])[0];
    const [live, pub] = await Promise.all([rowIn('live'), frozen ? rowIn('public') : undefined]);
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

  private async labels(contestId: number): Promise<string[]> {
    const rows: { label: string }[] = await this.dataSource.query(
      'SELECT label FROM contest_problems WHERE contest_id = $1 ORDER BY position',
      [contestId],
    );
    return rows.map((r) => r.label);
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
