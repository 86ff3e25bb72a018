import { Injectable } from '@nestjs/common';
import { ContestEntity, ContestProblemEntity, ProblemEntity } from '@oj/db';
import { DataSource } from 'typeorm';

import { canReadContestProblem, contestGate, ContestSeats, openContestProblemsWhere, SqlCondition, Viewer } from '../access';
import type { ContestProblemDto } from './dto/contest-response.dto';

/** One contest problem and what decides whether it is open: its visibility and the ends of the other contests holding it. */
interface ContestProblemFacts {
  problem_id: number;
  is_public: boolean;
  other_ends: Date[];
}

/**
 * Which of a contest's problems are open to a viewer through it (canReadContestProblem, issue 32): for one problem
 * (its statement, a submission to it) by the rule itself, for the contest page's list by its SQL form.
 */
@Injectable()
export class ContestProblemAccess {
  constructor(private readonly dataSource: DataSource) {}

  /** The id of the contest's problem `where` names if it is open to the viewer through the contest now, else null. */
  async openProblemId(
    contest: ContestEntity,
    seats: ContestSeats,
    where: { label: string } | { problemId: number },
    viewer: Viewer,
    now: Date,
  ): Promise<number | null> {
    const [by, value] = 'label' in where ? ['label', where.label] : ['problem_id', where.problemId];
    const [facts]: ContestProblemFacts[] = await this.dataSource.query(
      `SELECT cp.problem_id, p.is_public,
              coalesce(array_agg(oc.ends_at) FILTER (WHERE oc.contest_id IS NOT NULL), '{}') AS other_ends
         FROM contest_problems cp JOIN problems p ON p.problem_id = cp.problem_id
         LEFT JOIN contest_problems ocp ON ocp.problem_id = cp.problem_id AND ocp.contest_id <> cp.contest_id
         LEFT JOIN contests oc ON oc.contest_id = ocp.contest_id
        WHERE cp.contest_id = $1 AND cp.${by} = $2
        GROUP BY cp.problem_id, p.is_public`,
      [contest.contestId, value],
    );
    if (!facts) return null;
    const others = facts.other_ends.map((endsAt) => ({ endsAt }));
    const open = canReadContestProblem({ isPublic: facts.is_public }, contestGate(contest), seats, others, viewer, now);
    return open ? facts.problem_id : null;
  }

  /**
   * The contest page's problems in order: a problem not open to the viewer (all of them, for `asAdmin`, are) shows its
   * label and points only, as its id would lead to it elsewhere.
   */
  async pageProblems(contestId: number, viewer: Viewer, asAdmin: boolean, now: Date): Promise<ContestProblemDto[]> {
    const open: SqlCondition = asAdmin ? { sql: 'TRUE', params: {} } : openContestProblemsWhere({ cp: 'cp', c: 'c', p: 'p' }, viewer, now);
    const rows = await this.dataSource
      .createQueryBuilder()
      .from(ContestProblemEntity, 'cp')
      .innerJoin(ProblemEntity, 'p', 'p.problem_id = cp.problem_id')
      .innerJoin(ContestEntity, 'c', 'c.contest_id = cp.contest_id')
      .select(['cp.label AS label', 'cp.problem_id AS problem_id', 'cp.points AS points', 'p.title AS title'])
      .addSelect(open.sql, 'open')
      .where('cp.contest_id = :contestId', { contestId })
      .setParameters(open.params)
      .orderBy('cp.position')
      .getRawMany<{ label: string; problem_id: number; points: number; title: string; open: boolean }>();
    return rows.map((r) => ({ label: r.label, points: r.points, problemId: r.open ? r.problem_id : null, title: r.open ? r.title : '' }));
  }
}
