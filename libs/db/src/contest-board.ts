import {
  type CellProblem,
  type CellSubtask,
  type ContestAttempt,
  type ContestCell,
  type ContestFormat,
  foldCell,
  type RawPoints,
  rowFromCells,
  type SubmissionStatus,
  type SubtaskResult,
} from '@oj/contracts';
import type { DataSource, EntityManager } from 'typeorm';

import { HIDDEN_ON_PUBLIC_FOLD_SQL } from './contest-freeze';

/** A cell's two folds: from every result, and from the results a viewer may see during the freeze. */
export interface StoredCell {
  live: ContestCell;
  public: ContestCell;
}

/** A result as ATTEMPT_JSON_SQL reads it: its raw points as stored with it (result_summary). */
export interface StoredAttempt {
  status: SubmissionStatus;
  minute: number;
  elapsedSeconds: number;
  earnedPoints: RawPoints;
  totalPoints: RawPoints;
  subtasks: SubtaskResult[] | null;
  hidden: boolean;
}

interface CellRow {
  attempts: number;
  solved: boolean;
  score: number;
  minute: number | null;
  elapsed_seconds: number | null;
  public_attempts: number;
  public_solved: boolean;
  public_score: number;
  public_minute: number | null;
  public_elapsed_seconds: number | null;
  pending: number;
  subtasks: CellSubtask[] | null;
  public_subtasks: CellSubtask[] | null;
}

/**
 * Result `s` of participation `p` in contest `c` as a StoredAttempt (JSON), hidden when `hidden` (SQL) holds: the
 * minute and second from the participant's own start, and the raw points of its grading. A result being rejudged has no
 * summary yet and counts as its old status with no points, until its new result re-folds the cell.
 */
export function attemptJsonSql(hidden: string): string {
  return `json_build_object(
    'status', coalesce(s.counted_status, 'queued'),
    'minute', floor(extract(epoch FROM s.created_at - coalesce(p.started_at, c.starts_at)) / 60)::int,
    'elapsedSeconds', floor(extract(epoch FROM s.created_at - coalesce(p.started_at, c.starts_at)))::int,
    'earnedPoints', coalesce((s.result_summary ->> 'earnedPoints')::float8, 0),
    'totalPoints', coalesce((s.result_summary ->> 'totalPoints')::float8, 0),
    'subtasks', s.result_summary -> 'subtasks',
    'hidden', ${hidden}
  )`;
}

/** A stored result as the rules read it. */
export function contestAttemptOf(stored: StoredAttempt, hidden = stored.hidden): ContestAttempt {
  return {
    status: stored.status,
    minute: stored.minute,
    elapsedSeconds: stored.elapsedSeconds,
    earnedPoints: stored.earnedPoints,
    totalPoints: stored.totalPoints,
    ...(stored.subtasks
      ? {
          subtasks: stored.subtasks.map((s) => ({
            index: s.index,
            ...(s.name ? { name: s.name } : {}),
            earnedPoints: s.earned,
            points: s.points,
          })),
        }
      : {}),
    hidden,
  };
}

/**
 * A participation's results on one problem, in order, with the minute from the participant's own start. A hidden
 * submission counts from its creation, judged or not (pending on the public fold, not a try on the live one): were
 * it counted from its result, the public board would change at its judging and tell when it was judged, and so how
 * far an ICPC submission got (countHiddenSubmission).
 */
const ATTEMPTS_SQL = `SELECT coalesce(json_agg(${attemptJsonSql(HIDDEN_ON_PUBLIC_FOLD_SQL)} ORDER BY s.created_at, s.id), '[]')
  FROM submissions s WHERE s.participation_id = p.id AND s.problem_id = $2 AND (s.counted_status IS NOT NULL OR (${HIDDEN_ON_PUBLIC_FOLD_SQL}))`;

const CELLS_SQL = `SELECT coalesce(json_agg(x), '[]') FROM contest_cells x WHERE x.participation_id = p.id AND x.problem_id <> $2`;

function fromRow(row: CellRow): StoredCell {
  return {
    live: {
      attempts: row.attempts,
      solved: row.solved,
      score: row.score,
      minute: row.minute,
      elapsedSeconds: row.elapsed_seconds,
      pending: 0,
      ...(row.subtasks ? { subtasks: row.subtasks } : {}),
    },
    public: {
      attempts: row.public_attempts,
      solved: row.public_solved,
      score: row.public_score,
      minute: row.public_minute,
      elapsedSeconds: row.public_elapsed_seconds,
      pending: row.pending,
      ...(row.public_subtasks ? { subtasks: row.public_subtasks } : {}),
    },
  };
}

/** Both folds of one cell from its results. */
export function foldStoredCell(format: ContestFormat, attempts: readonly StoredAttempt[], problem: CellProblem): StoredCell {
  return {
    live: foldCell(
      format,
      attempts.map((a) => contestAttemptOf(a, false)),
      problem,
    ),
    public: foldCell(
      format,
      attempts.map((a) => contestAttemptOf(a)),
      problem,
    ),
  };
}

/** A cell's IOI breakdown as its jsonb column holds it (null without one). */
function subtasksParam(cell: ContestCell): string | null {
  return cell.subtasks ? JSON.stringify(cell.subtasks) : null;
}

/** The participation's totals (live, then public) as the SET of an UPDATE, from $first on. */
function totalsParams(format: ContestFormat, cells: readonly StoredCell[], penaltyMinutes: number): unknown[] {
  const live = rowFromCells(
    format,
    cells.map((c) => c.live),
    penaltyMinutes,
  );
  const pub = rowFromCells(
    format,
    cells.map((c) => c.public),
    penaltyMinutes,
  );
  return [live.solved, live.score, live.penalty, live.lastAcMinute ?? 0, pub.solved, pub.score, pub.penalty, pub.lastAcMinute ?? 0];
}

const TOTALS_SET = `solved = $T1, score = $T2, penalty = $T3, last_ac_minute = $T4,
  public_solved = $T5, public_score = $T6, public_penalty = $T7, public_last_ac_minute = $T8`;

function totalsSet(first: number): string {
  return TOTALS_SET.replace(/\$T(\d)/g, (_m, n: string) => `$${first + Number(n) - 1}`);
}

/**
 * Re-folds a submission's board cell from its participation's results on that problem, and the participation's
 * totals from its cells, inside the caller's transaction (the result write). Three statements: the participation
 * locked (two results of one participant written at once would each miss the other's cell), the results and the
 * other cells read after the lock, and the cell and totals written together. The participation is rewritten even
 * when its totals stay the same: its version (xmin) is how the API's row cache knows its cells changed.
 */
export async function refoldContestCell(manager: EntityManager, participationId: string, problemId: number): Promise<void> {
  const [contest]: { format: ContestFormat; penalty_minutes: number; points: number }[] = await manager.query(
    `SELECT c.format, c.penalty_minutes, cp.points
       FROM contest_participations p
       JOIN contests c ON c.contest_id = p.contest_id
       JOIN contest_problems cp ON cp.contest_id = p.contest_id AND cp.problem_id = $2
       WHERE p.id = $1 FOR UPDATE OF p`,
    [participationId, problemId],
  );
  // The problem left the contest: its results are off the board.
  if (!contest) return;
  const [read]: { attempts: StoredAttempt[]; cells: CellRow[] }[] = await manager.query(
    `SELECT (${ATTEMPTS_SQL}) AS attempts, (${CELLS_SQL}) AS cells
     FROM contest_participations p JOIN contests c ON c.contest_id = p.contest_id WHERE p.id = $1`,
    [participationId, problemId],
  );
  const cell = foldStoredCell(contest.format, read.attempts, { contestPoints: contest.points });
  const cells = [...read.cells.map(fromRow), cell];
  await manager.query(
    `WITH cell AS (
       INSERT INTO contest_cells AS x (participation_id, problem_id, contest_id, attempts, solved, score, minute,
         public_attempts, public_solved, public_score, public_minute, pending, subtasks, public_subtasks,
         elapsed_seconds, public_elapsed_seconds)
       SELECT $1, $2, p.contest_id, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15
         FROM contest_participations p WHERE p.id = $1
       ON CONFLICT (participation_id, problem_id) DO UPDATE SET attempts = $3, solved = $4, score = $5, minute = $6,
         public_attempts = $7, public_solved = $8, public_score = $9, public_minute = $10, pending = $11,
         subtasks = $12, public_subtasks = $13, elapsed_seconds = $14, public_elapsed_seconds = $15
     )
     UPDATE contest_participations SET ${totalsSet(16)} WHERE id = $1`,
    [
      participationId,
      problemId,
      cell.live.attempts,
      cell.live.solved,
      cell.live.score,
      cell.live.minute,
      cell.public.attempts,
      cell.public.solved,
      cell.public.score,
      cell.public.minute,
      cell.public.pending,
      subtasksParam(cell.live),
      subtasksParam(cell.public),
      cell.live.elapsedSeconds,
      cell.public.elapsedSeconds,
      ...totalsParams(contest.format, cells, contest.penalty_minutes),
    ],
  );
}

/**
 * Re-folds every cell and total of a contest's participations from their submissions: after a change that touches
 * many cells at once (a problem deleted or taken out of the contest, the freeze or the points edited). A cell whose
 * problem left the contest is gone with it (foreign key), so the totals count only the problems still in it.
 */
export async function refoldContestBoard(manager: EntityManager, contestId: number): Promise<void> {
  const participations: { id: string; problem_ids: number[] }[] = await manager.query(
    `SELECT p.id, coalesce(array_agg(DISTINCT s.problem_id) FILTER (WHERE s.problem_id IS NOT NULL), '{}') AS problem_ids
     FROM contest_participations p
     LEFT JOIN submissions s ON s.participation_id = p.id
     WHERE p.contest_id = $1 GROUP BY p.id`,
    [contestId],
  );
  for (const p of participations) {
    await manager.query(`DELETE FROM contest_cells WHERE participation_id = $1 AND NOT (problem_id = ANY($2::int[]))`, [
      p.id,
      p.problem_ids,
    ]);
    await manager.query(
      `UPDATE contest_participations SET solved = 0, score = 0, penalty = 0, last_ac_minute = 0,
         public_solved = 0, public_score = 0, public_penalty = 0, public_last_ac_minute = 0 WHERE id = $1`,
      [p.id],
    );
    for (const problemId of p.problem_ids) await refoldContestCell(manager, p.id, problemId);
  }
}

/**
 * A new submission the freeze hides (`frozen`), counted on the public fold as pending from now rather than from its
 * result (ATTEMPTS_SQL): its own transaction, after the insert.
 */
export async function countHiddenSubmission(dataSource: DataSource, participationId: string, problemId: number): Promise<void> {
  await dataSource.transaction((manager) => refoldContestCell(manager, participationId, problemId));
}
