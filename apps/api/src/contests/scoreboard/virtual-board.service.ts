import { Injectable } from '@nestjs/common';
import {
  type ContestCell,
  type FirstSolvers,
  foldCell,
  rankRows,
  resultsHiddenFrom,
  rowFromCells,
  type ScoreboardRow,
} from '@oj/contracts';
import { attemptJsonSql, contestAttemptOf, type ContestEntity, type ContestParticipationEntity, type StoredAttempt } from '@oj/db';
import { DataSource } from 'typeorm';

import { canSeeLiveBoard, isBoardFrozen } from '../../access';
import type { AuthUser } from '../../auth/auth-user';
import { BoardCache } from './board-cache';

interface ParticipantAttempts {
  id: string;
  username: string | null;
  attempts: (StoredAttempt & { problemId: number })[];
}

/** A virtual run's board: its rows ranked, and the elapsed minute it shows. */
export interface VirtualBoard {
  minute: number;
  rows: (ScoreboardRow & { id: string })[];
  firstSolvers: FirstSolvers;
}

/**
 * Every official participant's results made within `$3` milliseconds of their own start, and all of the virtual
 * run's own ($2); results from `$4` on are hidden (the board is still frozen for the viewer). Ordered as the rules
 * fold them.
 */
const ATTEMPTS_AT_SQL = `SELECT p.id, u.username,
    coalesce(json_agg(jsonb_build_object('problemId', s.problem_id) || ${attemptJsonSql(
      `p.kind = 'official' AND $4::timestamptz IS NOT NULL AND s.created_at >= $4::timestamptz`,
    )}::jsonb ORDER BY s.created_at, s.id) FILTER (WHERE s.id IS NOT NULL), '[]') AS attempts
  FROM contest_participations p
  JOIN contests c ON c.contest_id = p.contest_id
  LEFT JOIN users u ON u.id = p.user_id
  LEFT JOIN submissions s ON s.participation_id = p.id AND s.counted_status IS NOT NULL
    AND (p.kind = 'virtual' OR s.created_at <= coalesce(p.started_at, c.starts_at) + make_interval(secs => $3::double precision / 1000))
  WHERE p.contest_id = $1 AND (p.kind = 'official' OR p.id = $2)
  GROUP BY p.id, u.username`;

/**
 * The board a virtual participant sees: the real participants as they stood at the same elapsed minute of their own
 * run, folded from their submissions with the contracts' rules, and the virtual row ranked among them. Nothing
 * is stored, so the official board, its counters and everyone else's view stay as they are. Its cost grows with
 * the contest's submissions, so each board is kept in the BoardCache: the replay moves in whole minutes (the clock
 * every format counts in), the real rows showing what was made up to the run's current minute, so one fold serves
 * every read of that minute until a result of the contest (the run's own, or a rejudge) invalidates it.
 */
@Injectable()
export class VirtualBoardService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: BoardCache,
  ) {}

  async board(contest: ContestEntity, run: ContestParticipationEntity, viewer: AuthUser, now = new Date()): Promise<VirtualBoard> {
    const start = run.startedAt ?? now;
    const end = run.endsAt ?? now;
    const minute = Math.floor(Math.max(0, Math.min(now.getTime(), end.getTime()) - start.getTime()) / 60_000);
    const hiddenFrom = this.hiddenFrom(contest, viewer, now);
    const key = `virtual:${run.id}:${start.getTime()}:${minute}:${hiddenFrom?.getTime() ?? 'none'}`;
    return this.cache.get(
      contest.contestId,
      key,
      () => this.fold(contest, run.id, minute, hiddenFrom),
      (board) => Math.max(1, board.rows.length),
    );
  }

  private async fold(contest: ContestEntity, runId: string, minute: number, hiddenFrom: Date | null): Promise<VirtualBoard> {
    const [participants, problems] = await Promise.all([
      this.dataSource.query(ATTEMPTS_AT_SQL, [contest.contestId, runId, minute * 60_000, hiddenFrom]) as Promise<ParticipantAttempts[]>,
      this.dataSource.query(
        `SELECT cp.label, cp.problem_id, cp.points FROM contest_problems cp WHERE cp.contest_id = $1 ORDER BY cp.position`,
        [contest.contestId],
      ) as Promise<{ label: string; problem_id: number; points: number }[]>,
    ]);
    const rows = participants.map((participant) => {
      const cells: Record<string, ContestCell> = {};
      for (const problem of problems) {
        const attempts = participant.attempts.filter((a) => a.problemId === problem.problem_id).map((a) => contestAttemptOf(a));
        cells[problem.label] = foldCell(contest.format, attempts, { contestPoints: problem.points });
      }
      const totals = rowFromCells(contest.format, Object.values(cells), contest.penaltyMinutes);
      return { id: participant.id, username: participant.username, cells, totals };
    });
    const ranked = rankRows(contest.format, rows).map(({ id, username, cells, totals, rank }): ScoreboardRow & { id: string } => ({
      id,
      rank,
      username,
      virtual: id === runId,
      solved: totals.solved,
      score: totals.score,
      penalty: contest.format === 'icpc' || contest.format === 'atcoder' ? totals.penalty : 0,
      cells,
    }));
    return { minute, rows: ranked, firstSolvers: firstSolversOf(ranked) };
  }

  /** While the official board is frozen for the viewer, the real rows' frozen results stay pending here too. */
  private hiddenFrom(contest: ContestEntity, viewer: AuthUser, now: Date): Date | null {
    if (canSeeLiveBoard(viewer) || !isBoardFrozen(contest, now)) return null;
    return resultsHiddenFrom(contest);
  }
}

function firstSolversOf(rows: ScoreboardRow[]): FirstSolvers {
  const first: FirstSolvers = {};
  for (const row of rows)
    for (const [label, cell] of Object.entries(row.cells)) {
      if (!cell.solved || cell.minute === null) continue;
      if (!first[label] || cell.minute < first[label].minute) first[label] = { username: row.username, minute: cell.minute };
    }
  return first;
}
