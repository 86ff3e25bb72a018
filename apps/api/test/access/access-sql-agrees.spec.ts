import { createAdmin, createTestApp, registerUser, TestApp } from '@oj/api-testing';
import { ContestEntity, ContestParticipationEntity, ContestProblemEntity, ProblemEntity } from '@oj/db';
import { DataSource } from 'typeorm';

import {
  canEditProblem,
  canReadContestProblem,
  canSeeProblem,
  canSeeProfile,
  canSeeResult,
  contestGate,
  editableProblemsWhere,
  hiddenResultsWhere,
  openContestProblemsWhere,
  SqlCondition,
  Viewer,
  visibleProblemsWhere,
  visibleProfilesWhere,
} from '../../src/access';

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

describe('the profile rule in SQL agrees with canSeeProfile', () => {
  it('selects exactly the users whose profile each viewer may see, public or private', async () => {
    const t = await createTestApp();
    try {
      const ds = t.app.get(DataSource);
      const admin = await createAdmin(t);
      const [open, hidden] = [await registerUser(t), await registerUser(t)];
      await ds.query('UPDATE users SET profile_public = false WHERE id = $1', [hidden.user.id]);
      const users: { id: string; profilePublic: boolean }[] = await ds.query(
        'SELECT id, profile_public AS "profilePublic" FROM users WHERE id = ANY($1) ORDER BY id',
        [[admin.user.id, open.user.id, hidden.user.id]],
      );
      const viewers: Viewer[] = [
        undefined,
        { id: open.user.id, role: 'user' },
        { id: hidden.user.id, role: 'user' },
        { id: admin.user.id, role: 'admin' },
      ];
      for (const viewer of viewers) {
        const condition = visibleProfilesWhere('u', viewer);
        const bySql = (
          await ds
            .createQueryBuilder()
            .select('u.id', 'id')
            .from('users', 'u')
            .where('u.id IN (:...ids)', { ids: users.map((u) => u.id) })
            .andWhere(condition.sql, condition.params)
            .orderBy('u.id')
            .getRawMany()
        ).map((row: { id: string }) => row.id);
        expect(bySql).toEqual(users.filter((u) => canSeeProfile(u, viewer)).map((u) => u.id));
      }
    } finally {
      await t.close();
    }
  });
});

/**
 * openContestProblemsWhere restates canReadContestProblem for the contest page's list: over contests of every clock and
 * kind sharing private and public problems, viewers with registrations and virtual runs, at several instants, the SQL
 * selects exactly the contest problems the rule opens.
 */
describe('the contest problem rule in SQL agrees with canReadContestProblem', () => {
  const HOUR = 3_600_000;
  const t0 = new Date('2026-06-01T12:00:00Z').getTime();
  const at = (hours: number) => new Date(t0 + hours * HOUR);
  let t: TestApp;
  let ds: DataSource;
  let viewers: [string, Viewer][];

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    const admin = await createAdmin(t);
    const [ann, bob] = [await registerUser(t), await registerUser(t)];
    viewers = [
      ['a guest', undefined],
      ['ann', { id: ann.user.id, role: 'user' }],
      ['bob', { id: bob.user.id, role: 'user' }],
      ['an admin', { id: admin.user.id, role: 'admin' }],
    ];
    const problems = await ds
      .getRepository(ProblemEntity)
      .save(
        [true, false, false, false, true, false].map((isPublic) => ({ title: 'P', statement: 's', difficulty: 'EASY' as const, isPublic })),
      );
    /** [is public, has a code, starts, ends (hours from t0)]: ended, running and upcoming, public and private. */
    const shapes: [boolean, boolean, number, number][] = [
      [true, false, -5, -2],
      [false, true, -5, -2],
      [false, false, -5, -2],
      [true, false, -1, 1],
      [false, false, -1, 1],
      [true, false, 2, 4],
      [false, true, 2, 4],
    ];
    const contests = await ds.getRepository(ContestEntity).save(
      shapes.map(([isPublic, code, from, to]) => ({
        title: 'C',
        format: 'icpc' as const,
        penaltyMinutes: 20,
        isPublic,
        accessCode: code ? 'a-long-code' : null,
        startsAt: at(from),
        endsAt: at(to),
      })),
    );
    // Each problem in a spread of contests, so every problem is shared with contests of other clocks.
    const holdings = contests.flatMap((c, ci) =>
      problems
        .filter((_, pi) => (pi + ci) % 3 !== 0)
        .map((p, position) => ({ contestId: c.contestId, problemId: p.problemId, label: `L${position}`, points: 1, position })),
    );
    await ds.getRepository(ContestProblemEntity).insert(holdings);
    const seats = ds.getRepository(ContestParticipationEntity);
    for (const [ci, userId] of [
      [1, ann.user.id],
      [3, ann.user.id],
      [4, ann.user.id],
      [5, ann.user.id],
      [2, bob.user.id],
      [6, bob.user.id],
    ] as const)
      await seats.insert({ contestId: contests[ci].contestId, userId, kind: 'official' });
    await seats.insert({ contestId: contests[0].contestId, userId: ann.user.id, kind: 'virtual', startedAt: at(-0.5), endsAt: at(2.5) });
    await seats.insert({ contestId: contests[1].contestId, userId: bob.user.id, kind: 'virtual', startedAt: at(-1), endsAt: at(0.5) });
  }, 60_000);
  afterAll(() => t.close());

  it.each([-6, -3, 0, 0.75, 1.5, 3, 5])('%s hours from t0, for every viewer', async (hours) => {
    const now = at(hours);
    const holdings = await ds.getRepository(ContestProblemEntity).find();
    const contests = new Map((await ds.getRepository(ContestEntity).find()).map((c) => [c.contestId, c]));
    const problems = new Map(
      (await ds.getRepository(ProblemEntity).find({ select: ['problemId', 'isPublic'] })).map((p) => [p.problemId, p]),
    );
    const allSeats = await ds.getRepository(ContestParticipationEntity).find();
    const key = (h: { contestId: number; problemId: number }) => `${h.contestId}/${h.problemId}`;
    for (const [name, viewer] of viewers) {
      const condition = openContestProblemsWhere({ cp: 'cp', c: 'c', p: 'p' }, viewer, now);
      const bySql = (
        await ds
          .createQueryBuilder()
          .from(ContestProblemEntity, 'cp')
          .innerJoin(ContestEntity, 'c', 'c.contest_id = cp.contest_id')
          .innerJoin(ProblemEntity, 'p', 'p.problem_id = cp.problem_id')
          .select(['cp.contest_id AS "contestId"', 'cp.problem_id AS "problemId"'])
          .where(condition.sql, condition.params)
          .getRawMany<{ contestId: number; problemId: number }>()
      )
        .map(key)
        .sort();
      const byRule = holdings
        .filter((h) => {
          const seats = allSeats.filter((s) => s.contestId === h.contestId && s.userId === viewer?.id);
          const others = holdings
            .filter((o) => o.problemId === h.problemId && o.contestId !== h.contestId)
            .map((o) => contests.get(o.contestId)!);
          return canReadContestProblem(problems.get(h.problemId)!, contestGate(contests.get(h.contestId)!), seats, others, viewer, now);
        })
        .map(key)
        .sort();
      expect([name, bySql]).toEqual([name, byRule]);
    }
  });
});

describe('the hidden-result rule in SQL agrees with canSeeResult', () => {
  it('hides exactly the results canSeeResult hides from each viewer, frozen or not, own, another’s or a deleted user’s', async () => {
    const [owner, other, admin] = [
      '0000000a-0000-4000-8000-000000000001',
      '0000000a-0000-4000-8000-000000000002',
      '0000000a-0000-4000-8000-000000000003',
    ];
    const rows = [owner, other, null].flatMap((userId) => [true, false].map((frozen) => ({ userId, frozen })));
    const viewers: Viewer[] = [undefined, { id: owner, role: 'user' }, { id: other, role: 'user' }, { id: admin, role: 'admin' }];
    const values = rows.map((r, i) => `(${i}, ${r.userId ? `'${r.userId}'` : 'NULL'}::text, ${r.frozen})`).join(', ');
    const t = await createTestApp();
    try {
      for (const viewer of viewers) {
        const hidden = hiddenResultsWhere('s', viewer);
        const sql = hidden.sql.replace(/:accessViewerId/g, '$1');
        const params = 'accessViewerId' in hidden.params ? [hidden.params.accessViewerId] : [];
        const found: { i: number }[] = await t.app
          .get(DataSource)
          .query(`SELECT i FROM (VALUES ${values}) AS s(i, user_id, frozen) WHERE NOT (${sql}) ORDER BY i`, params);
        expect([viewer, found.map((r) => r.i)]).toEqual([viewer, rows.flatMap((r, i) => (canSeeResult(r, viewer) ? [i] : []))]);
      }
    } finally {
      await t.close();
    }
  });
});
