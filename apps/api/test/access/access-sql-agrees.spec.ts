import { ProblemEntity } from '@oj/db';
import { createAdmin, createTestApp, registerUser, TestApp } from '@oj/testing';
import { DataSource } from 'typeorm';

import { canEditProblem, canSeeProblem, editableProblemsWhere, SqlCondition, Viewer, visibleProblemsWhere } from '../../src/access';

/**
 * access-sql.ts restates access-policy.ts in SQL for lists and counts. Each SQL form, run on PostgreSQL over every
 * kind of problem, must select exactly the problems its rule allows, for every kind of viewer: a rule changed on
 * one side only fails here.
 */
describe('the problem rules in SQL agree with the access policy', () => {
  let t: TestApp;
  let problems: ProblemEntity[];
  let viewers: [string, Viewer][];

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createAdmin(t);
    const author = await registerUser(t);
    const other = await registerUser(t);
    viewers = [
      ['a guest', undefined],
      ['a user', { id: other.user.id, role: 'user' }],
      ['an author', { id: author.user.id, role: 'user' }],
      ['an admin', { id: admin.user.id, role: 'admin' }],
    ];
    const repository = t.app.get(DataSource).getRepository(ProblemEntity);
    problems = [];
    for (const authorId of [author.user.id, admin.user.id, null]) {
      for (const isPublic of [true, false]) {
        problems.push(await repository.save({ title: 'P', statement: 's', difficulty: 'EASY' as const, isPublic, authorId }));
      }
    }
  }, 60_000);
  afterAll(() => t.close());

  /** For each viewer, by name: the problems the SQL form selects, and those the rule allows. */
  async function bothSides(sql: (viewer: Viewer) => SqlCondition, rule: (problem: ProblemEntity, viewer: Viewer) => boolean) {
    const query = t.app.get(DataSource).getRepository(ProblemEntity).createQueryBuilder('p').orderBy('p.problem_id');
    const bySql: Record<string, number[]> = {};
    const byRule: Record<string, number[]> = {};
    for (const [name, viewer] of viewers) {
      const condition = sql(viewer);
      bySql[name] = (await query.clone().where(condition.sql, condition.params).getMany()).map((p) => p.problemId);
      byRule[name] = problems.filter((p) => rule(p, viewer)).map((p) => p.problemId);
    }
    return { bySql, byRule };
  }

  it('selects the problems canEditProblem lets each viewer edit', async () => {
    const { bySql, byRule } = await bothSides((viewer) => editableProblemsWhere('p', viewer), canEditProblem);
    expect(bySql).toEqual(byRule);
    // The table reaches every answer: an author edits their public problem and nothing else, an admin everything.
    expect(Object.values(byRule).map((ids) => ids.length)).toEqual([0, 0, 1, problems.length]);
  });

  it('selects the problems canSeeProblem shows each viewer', async () => {
    const { bySql, byRule } = await bothSides((viewer) => visibleProblemsWhere('p', viewer), canSeeProblem);
    expect(bySql).toEqual(byRule);
  });
});
