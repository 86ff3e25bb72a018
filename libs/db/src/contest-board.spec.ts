import { ContestFormat, foldCell, GradeResult, rowFromCells, SubmissionStatus } from '@oj/contracts';
import { Client } from 'pg';
import { DataSource } from 'typeorm';

import {
  ContestEntity,
  ContestParticipationEntity,
  ContestProblemEntity,
  createDataSource,
  dropDatabase,
  migrate,
  ProblemEntity,
  refoldContestBoard,
  SubmissionEntity,
  writeFinalResult,
} from './index';
import { ContestPointsUnits1795004528031 } from './migrations/1795004528031-contest-points-units';
import { freshDatabaseUrl } from './testing/fresh-database-url';

const START = new Date('2025-03-01T10:00:00Z');
const at = (minute: number) => new Date(START.getTime() + minute * 60_000);
const result = (status: SubmissionStatus, score = status === 'accepted' ? 100 : 0, subtasks?: [number, number]): GradeResult => ({
  status,
  score,
  earnedPoints: score,
  totalPoints: 100,
  runtimeMs: 5,
  memoryKB: 100,
  testCaseResults: [],
  ...(subtasks
    ? {
        subtasks: subtasks.map((earned, index) => ({ index, earned, scoring: 'sum' as const, points: index === 0 ? 30 : 70 })),
      }
    : {}),
});

/** The board kept by the result write equals one folded from scratch with the pure rules. */
describe('contest board kept by writeFinalResult', () => {
  const url = freshDatabaseUrl();
  let ds: DataSource;
  let problems: ProblemEntity[];
  let users: string[];

  beforeAll(async () => {
    await migrate(url);
    ds = await createDataSource(url).initialize();
    problems = await ds
      .getRepository(ProblemEntity)
      .save([1, 2].map((n) => ({ title: `P${n}`, statement: 's', difficulty: 'EASY' as const, totalPoints: 100 })));
    users = [];
    for (const name of ['ann', 'bob', 'cat']) {
      const [row]: { id: string }[] = await ds.query(
        `INSERT INTO users (username, email, password_hash) VALUES ($1::varchar, $1::varchar || '@x.io', 'x') RETURNING id`,
        [name],
      );
      users.push(row.id);
    }
  });
  afterAll(async () => {
    await ds.destroy();
    await dropDatabase(url);
  });

  async function contest(format: ContestFormat, freezeMinutes: number | null = null) {
    const c = await ds.getRepository(ContestEntity).save({
      title: format,
      format,
      startsAt: START,
      endsAt: at(300),
      freezeMinutes,
      penaltyMinutes: format === 'icpc' ? 20 : 5,
    });
    await ds.getRepository(ContestProblemEntity).save(
      problems.map((p, position) => ({
        contestId: c.contestId,
        problemId: p.problemId,
        label: 'AB'[position],
        points: format === 'icpc' ? 1 : 100,
        position,
      })),
    );
    const participations = await ds
      .getRepository(ContestParticipationEntity)
      .save(users.map((userId) => ({ contestId: c.contestId, userId, kind: 'official' as const })));
    return { contest: c, participations };
  }

  async function submit(participationId: string, problem: number, minute: number, r: GradeResult, contestId: number) {
    const s = await ds.getRepository(SubmissionEntity).save({
      problemId: problems[problem].problemId,
      contestId,
      participationId,
      languageId: 71,
      languageName: 'Python 3',
      sourceCode: 'x',
      sourceLen: 1,
    });
    await ds.query('UPDATE submissions SET created_at = $2 WHERE id = $1', [s.id, at(minute)]);
    expect(await writeFinalResult(ds, s.id, problems[problem].problemId, r)).toBe(true);
    return s.id;
  }

  /** The board as stored, and as folded from scratch from every submission with the contracts' rules. */
  async function boards(contestId: number, format: ContestFormat, freezeMinute: number) {
    const stored: Record<string, unknown>[] = await ds.query(
      `SELECT p.id, p.solved, p.score, p.penalty, p.public_solved, p.public_score, p.public_penalty,
         coalesce(json_object_agg(x.problem_id, json_build_array(x.attempts, x.solved, x.score, x.minute, x.public_attempts,
           x.public_solved, x.pending)) FILTER (WHERE x.problem_id IS NOT NULL), '{}') AS cells
       FROM contest_participations p LEFT JOIN contest_cells x ON x.participation_id = p.id
       WHERE p.contest_id = $1 GROUP BY p.id ORDER BY p.id`,
      [contestId],
    );
    const subs: { participation_id: string; problem_id: number; counted_status: SubmissionStatus; created_at: Date; earned: number }[] =
      await ds.query(
        `SELECT participation_id, problem_id, counted_status, created_at, (result_summary ->> 'earnedPoints')::float8 AS earned FROM submissions
         WHERE contest_id = $1 AND counted_status IS NOT NULL ORDER BY created_at, id`,
        [contestId],
      );
    const points = format === 'icpc' ? 1 : 100;
    const scratch = stored.map((row) => {
      const cells: Record<number, unknown[]> = {};
      const live = [];
      const pub = [];
      for (const p of problems) {
        const mine = subs.filter((s) => s.participation_id === row.id && s.problem_id === p.problemId);
        if (!mine.length) continue;
        const attempts = mine.map((s) => ({
          status: s.counted_status,
          minute: Math.floor((s.created_at.getTime() - START.getTime()) / 60_000),
          elapsedSeconds: Math.floor((s.created_at.getTime() - START.getTime()) / 1000),
          earnedPoints: s.earned,
          totalPoints: 100,
        }));
        const l = foldCell(format, attempts, { contestPoints: points });
        const f = foldCell(
          format,
          attempts.map((a) => ({ ...a, hidden: a.minute >= freezeMinute })),
          { contestPoints: points },
        );
        live.push(l);
        pub.push(f);
        cells[p.problemId] = [l.attempts, l.solved, l.score, l.minute, f.attempts, f.solved, f.pending];
      }
      const lt = rowFromCells(format, live, format === 'icpc' ? 20 : 5);
      const pt = rowFromCells(format, pub, format === 'icpc' ? 20 : 5);
      return {
        id: row.id,
        solved: lt.solved,
        score: lt.score,
        penalty: lt.penalty,
        public_solved: pt.solved,
        public_score: pt.score,
        public_penalty: pt.penalty,
        cells,
      };
    });
    return { stored, scratch };
  }

  it('ICPC with a freeze: cells, totals and pending equal a fold from scratch, through a rejudge and a deletion', async () => {
    const {
      contest: c,
      participations: [ann, bob, cat],
    } = await contest('icpc', 60);
    await submit(ann.id, 0, 5, result('wrong_answer'), c.contestId);
    await submit(ann.id, 0, 12, result('ce'), c.contestId);
    const annA = await submit(ann.id, 0, 20, result('accepted'), c.contestId);
    await submit(ann.id, 0, 30, result('wrong_answer'), c.contestId);
    await submit(bob.id, 0, 50, result('accepted'), c.contestId);
    await submit(bob.id, 1, 250, result('accepted'), c.contestId);
    await submit(cat.id, 1, 245, result('tle'), c.contestId);
    await submit(cat.id, 1, 260, result('accepted'), c.contestId);

    let { stored, scratch } = await boards(c.contestId, 'icpc', 240);
    expect(stored).toEqual(scratch);
    const bobRow = stored.find((r) => r.id === bob.id)!;
    expect(bobRow).toMatchObject({ solved: 2, penalty: 300, public_solved: 1, public_penalty: 50 });

    // A rejudge turns ann's AC into a wrong answer: her later wrong answer now counts, and the board follows.
    await ds.query(`UPDATE submissions SET judge_round = 1, counted_at = NULL WHERE id = $1`, [annA]);
    await writeFinalResult(ds, annA, problems[0].problemId, result('wrong_answer'), 1);
    ({ stored, scratch } = await boards(c.contestId, 'icpc', 240));
    expect(stored).toEqual(scratch);
    expect(stored.find((r) => r.id === ann.id)).toMatchObject({
      solved: 0,
      cells: { [problems[0].problemId]: [3, false, 0, null, 3, false, 0] },
    });

    // Deleting problem B's submissions (as deleting a problem does) and re-folding keeps it exact.
    await ds.query(`DELETE FROM submissions WHERE problem_id = $1`, [problems[1].problemId]);
    await ds.transaction((m) => refoldContestBoard(m, c.contestId));
    ({ stored, scratch } = await boards(c.contestId, 'icpc', 240));
    expect(stored).toEqual(scratch);
    expect(stored.find((r) => r.id === bob.id)).toMatchObject({ solved: 1, penalty: 50 });
  });

  it('IOI: the best of each subtask across submissions', async () => {
    const {
      contest: c,
      participations: [ann],
    } = await contest('ioi');
    await submit(ann.id, 0, 5, result('wrong_answer', 30, [30, 0]), c.contestId);
    await submit(ann.id, 0, 9, result('wrong_answer', 40, [0, 40]), c.contestId);
    const [row] = await ds.query(`SELECT score FROM contest_participations WHERE id = $1`, [ann.id]);
    expect(row.score).toBe(70);
  });

  it('the migration gives old results their raw points from their tests and subtasks, and folds the boards again', async () => {
    const {
      contest: c,
      participations: [ann],
    } = await contest('ioi');
    const test = (index: number, points: number, subtask?: number) => ({
      index,
      status: points ? ('accepted' as const) : ('wrong_answer' as const),
      timeMs: 1,
      memoryKB: 1,
      points,
      ...(subtask === undefined ? {} : { subtask }),
    });
    // A: 7 of the problem's 100 in tests of no subtask. B: 3 in no subtask, 20 and 5 in its two subtasks.
    const a = { ...result('wrong_answer', 7), earnedPoints: 7, testCaseResults: [test(0, 7), test(1, 0)] };
    const b = { ...result('wrong_answer', 28, [20, 5]), earnedPoints: 28, testCaseResults: [test(0, 3), test(1, 20, 0), test(2, 5, 1)] };
    await submit(ann.id, 0, 5, a, c.contestId);
    await submit(ann.id, 1, 6, b, c.contestId);
    const summaries = () =>
      ds.query(
        `SELECT result_summary -> 'earnedPoints' AS earned, result_summary -> 'totalPoints' AS total FROM submissions
         WHERE participation_id = $1 ORDER BY created_at`,
        [ann.id],
      );
    const before = await boards(c.contestId, 'ioi', 1000);
    expect(before.stored.find((r) => r.id === ann.id)).toMatchObject({ score: 35 });
    const migration = new ContestPointsUnits1795004528031();
    const runner = ds.createQueryRunner();
    try {
      await migration.down(runner);
      expect(await summaries()).toEqual([
        { earned: null, total: null },
        { earned: null, total: null },
      ]);
      await ds.query(`UPDATE contest_participations SET score = 999 WHERE id = $1`, [ann.id]);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect(await summaries()).toEqual([
      { earned: 7, total: 100 },
      { earned: 28, total: 100 },
    ]);
    const [cell] = await ds.query(`SELECT subtasks FROM contest_cells WHERE participation_id = $1 AND problem_id = $2`, [
      ann.id,
      problems[1].problemId,
    ]);
    expect(cell.subtasks).toEqual([
      { index: 0, earnedContestPoints: 20, contestPoints: 30 },
      { index: 1, earnedContestPoints: 5, contestPoints: 70 },
    ]);
    expect(await boards(c.contestId, 'ioi', 1000)).toEqual(before);
  });

  /** The SQL statements all connections send while `run` runs. */
  async function statements(run: () => Promise<unknown>): Promise<number> {
    let n = 0;
    const real = Client.prototype.query;
    const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
      n += 1;
      return (real as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    try {
      await run();
    } finally {
      spy.mockRestore();
    }
    return n;
  }

  it('costs at most 3 more SQL statements than a result outside a contest: official, virtual and practice', async () => {
    const {
      contest: c,
      participations: [ann],
    } = await contest('icpc');
    const virtual = await ds
      .getRepository(ContestParticipationEntity)
      .save({ contestId: c.contestId, userId: users[0], kind: 'virtual' as const, startedAt: at(400), endsAt: at(700) });
    const row = { problemId: problems[0].problemId, languageId: 71, languageName: 'Python 3', sourceCode: 'x', sourceLen: 1 };
    const cost = async (columns: Partial<SubmissionEntity>) => {
      const s = await ds.getRepository(SubmissionEntity).save({ ...row, ...columns });
      return statements(() => writeFinalResult(ds, s.id, problems[0].problemId, result('accepted')));
    };
    const outside = await cost({});
    // Outside a contest: BEGIN, the locks with the row's read, the result with the counters, COMMIT.
    expect(outside).toBe(4);
    // A virtual run's result re-folds its own row as an official one does (it moves no problem counter, in the same
    // statement as the result); practice (no participation) touches no board.
    expect({
      official: (await cost({ contestId: c.contestId, participationId: ann.id })) - outside,
      virtual: (await cost({ contestId: c.contestId, participationId: virtual.id })) - outside,
      practice: (await cost({ contestId: c.contestId })) - outside,
    }).toEqual({ official: 3, virtual: 3, practice: 0 });
  });
});
