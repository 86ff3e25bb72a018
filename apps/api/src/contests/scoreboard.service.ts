import { Injectable } from '@nestjs/common';
import type { ContestFormat, ScoreboardRow } from '@oj/contracts';
import { DataSource } from 'typeorm';

import { canSeeLiveBoard, isBoardFrozen } from '../access';
import type { AuthUser } from '../auth/auth-user';
import { ContestsService } from './contests.service';
import type { ScoreboardDto } from './dto/contest-response.dto';
import { BoardView, cellOf, firstSolversSql, rankedRowsSql } from './scoreboard.queries';

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
  ) {}

  async read(contestId: number, caller: AuthUser | undefined, page: number, limit: number): Promise<ScoreboardDto> {
    const contest = await this.contests.find(contestId);
    const frozen = !canSeeLiveBoard(caller) && isBoardFrozen(contest, new Date());
    const view: BoardView = frozen ? 'public' : 'live';
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
      total,
      totalPages: Math.ceil(total / limit),
      page,
      limit,
    };
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
