import { MigrationInterface, QueryRunner } from 'typeorm';

import { refoldContestBoard } from '../contest-board';

/**
 * The board's arithmetic in its units (issue 31): a result keeps the raw points it earned and out of how many
 * (`earnedPoints`, `totalPoints` in result_summary), which the board scales to contest points, where it mixed a
 * percent with raw totals; IOI cells keep each subtask's best (`subtasks`, `public_subtasks`). Old results get their
 * raw points from their stored tests and subtasks: a test in no subtask counts its own points, a subtask its earned
 * points. Their total is the problem's today, or what they earned where that is more (an accepted result earned its
 * grading's whole total). Then every contest's board is folded again under the new rules.
 */
export class ContestPointsUnits1795004528031 implements MigrationInterface {
  name = 'ContestPointsUnits1795004528031';

  public async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contest_cells ADD COLUMN subtasks jsonb, ADD COLUMN public_subtasks jsonb`);
    await q.query(`UPDATE submissions s SET result_summary = s.result_summary || jsonb_build_object(
        'earnedPoints', e.earned,
        'totalPoints', CASE WHEN s.status = 'accepted' AND e.earned > 0 THEN e.earned
          ELSE greatest(coalesce((SELECT pr.total_points FROM problems pr WHERE pr.problem_id = s.problem_id), 0), e.earned) END)
      FROM submissions r CROSS JOIN LATERAL (SELECT
          coalesce((SELECT sum((x ->> 'points')::float8) FROM jsonb_array_elements(r.result_summary -> 'cases') x
            WHERE x -> 'subtask' IS NULL OR r.result_summary -> 'subtasks' IS NULL), 0)
        + coalesce((SELECT sum((x ->> 'earned')::float8) FROM jsonb_array_elements(r.result_summary -> 'subtasks') x), 0) AS earned
      ) e
      WHERE r.id = s.id AND s.result_summary IS NOT NULL AND NOT s.result_summary ? 'earnedPoints'`);
    const contests: { contest_id: number }[] = await q.query(`SELECT contest_id FROM contests ORDER BY contest_id`);
    for (const { contest_id } of contests) await refoldContestBoard(q.manager, contest_id);
  }

  public async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE submissions SET result_summary = result_summary - 'earnedPoints' - 'totalPoints'
      WHERE result_summary IS NOT NULL`);
    await q.query(`ALTER TABLE contest_cells DROP COLUMN subtasks, DROP COLUMN public_subtasks`);
  }
}
