import { GradeResult, SubmissionStatus } from '@oj/contracts';
import { randomBytes } from 'crypto';
import { DataSource } from 'typeorm';

import {
  createDataSource,
  dropDatabase,
  migrate,
  ProblemEntity,
  SubmissionEntity,
  UserEntity,
  writeFinalResult,
  writeFinalResultColumns,
} from './index';
import { freshDatabaseUrl } from './testing/fresh-database-url';

const result = (status: SubmissionStatus): GradeResult => ({
  status,
  score: status === 'accepted' ? 100 : 0,
  earnedPoints: status === 'accepted' ? 1 : 0,
  totalPoints: 1,
  runtimeMs: 5,
  memoryKB: 100,
  testCaseResults: [],
});

/** The one result write: one result per judge round, and counters that always equal a count of the rows. */
describe('writeFinalResult', () => {
  const url = freshDatabaseUrl();
  let ds: DataSource;
  let problem: ProblemEntity;

  beforeAll(async () => {
    await migrate(url);
    ds = await createDataSource(url).initialize();
    problem = await ds.getRepository(ProblemEntity).save({ title: 'Sum', statement: 's', difficulty: 'EASY' as const });
  });
  afterAll(async () => {
    await ds.destroy();
    await dropDatabase(url);
  });

  const submission = () =>
    ds
      .getRepository(SubmissionEntity)
      .save({ problemId: problem.problemId, languageId: 71, languageName: 'Python 3', sourceCode: 'print(3)', sourceLen: 8 });

  /** As the API's rejudge does: the next round, the result cleared, the counters left as they are. */
  async function rejudge(id: string): Promise<number> {
    await ds.query(`UPDATE submissions SET judge_round = judge_round + 1, counted_at = NULL, status = 'queued' WHERE id = $1`, [id]);
    return (await ds.getRepository(SubmissionEntity).findOneByOrFail({ id })).judgeRound;
  }

  async function countersBesideRows() {
    const [row] = await ds.query(
      `SELECT p.submission_count AS counted, p.accepted_submission_count AS accepted,
              (SELECT count(*) FROM submissions WHERE problem_id = p.problem_id AND counted_status IS NOT NULL)::int AS "countedRows",
              (SELECT count(*) FROM submissions WHERE problem_id = p.problem_id AND counted_status = 'accepted')::int AS "acceptedRows"
       FROM problems p WHERE p.problem_id = $1`,
      [problem.problemId],
    );
    expect({ counted: row.counted, accepted: row.accepted }).toEqual({ counted: row.countedRows, accepted: row.acceptedRows });
    return { counted: row.counted as number, accepted: row.accepted as number };
  }

  it('counts a first result once, and a rejudged one in place of the old: accepted to wrong answer decrements', async () => {
    const { id } = await submission();
    expect(await writeFinalResult(ds, id, problem.problemId, result('accepted'))).toBe(true);
    expect(await writeFinalResult(ds, id, problem.problemId, result('wrong_answer'))).toBe(false);
    expect(await countersBesideRows()).toEqual({ counted: 1, accepted: 1 });

    const round = await rejudge(id);
    // Until the new result, the counters keep the old one.
    expect(await countersBesideRows()).toEqual({ counted: 1, accepted: 1 });
    // A late grading of the first round writes nothing.
    expect(await writeFinalResult(ds, id, problem.problemId, result('accepted'), 0)).toBe(false);
    expect(await writeFinalResult(ds, id, problem.problemId, result('wrong_answer'), round)).toBe(true);
    expect(await countersBesideRows()).toEqual({ counted: 1, accepted: 0 });
    expect(await ds.getRepository(SubmissionEntity).findOneByOrFail({ id })).toMatchObject({
      status: 'wrong_answer',
      countedStatus: 'wrong_answer',
    });

    const again = await rejudge(id);
    expect(await writeFinalResult(ds, id, problem.problemId, result('accepted'), again)).toBe(true);
    expect(await countersBesideRows()).toEqual({ counted: 1, accepted: 1 });
  });

  it('counts solvers as distinct users (issue 33, defect 13): a second accepted submission of one user adds none', async () => {
    const solver = await ds.getRepository(ProblemEntity).save({ title: 'Solvers', statement: 's', difficulty: 'EASY' as const });
    const person = (name: string) =>
      ds.getRepository(UserEntity).save({
        username: `${name}${randomBytes(3).toString('hex')}`,
        email: `${name}${randomBytes(3).toString('hex')}@x.org`,
        passwordHash: 'x',
      });
    const [ada, bob] = [await person('ada'), await person('bob')];
    const submit = (userId: string) =>
      ds
        .getRepository(SubmissionEntity)
        .save({ problemId: solver.problemId, userId, languageId: 71, languageName: 'Python 3', sourceCode: 'x', sourceLen: 1 });
    const solvers = async () => {
      const [row] = await ds.query(
        `SELECT solver_count AS counted, accepted_submission_count AS accepted,
                (SELECT count(DISTINCT user_id) FROM submissions WHERE problem_id = $1 AND counted_status = 'accepted')::int AS "fromRows"
           FROM problems WHERE problem_id = $1`,
        [solver.problemId],
      );
      expect(row.counted).toBe(row.fromRows);
      return { solvers: row.counted as number, accepted: row.accepted as number };
    };
    const [ada1, ada2, bob1] = [await submit(ada.id), await submit(ada.id), await submit(bob.id)];
    await writeFinalResult(ds, ada1.id, solver.problemId, result('accepted'));
    await writeFinalResult(ds, ada2.id, solver.problemId, result('accepted'));
    expect(await solvers()).toEqual({ solvers: 1, accepted: 2 });
    await writeFinalResult(ds, bob1.id, solver.problemId, result('wrong_answer'));
    expect(await solvers()).toEqual({ solvers: 1, accepted: 2 });
    // Rejudged to a wrong answer, one of Ada's two accepted submissions leaves her a solver; the other, not.
    await writeFinalResult(ds, ada1.id, solver.problemId, result('wrong_answer'), await rejudge(ada1.id));
    expect(await solvers()).toEqual({ solvers: 1, accepted: 1 });
    await writeFinalResult(ds, bob1.id, solver.problemId, result('accepted'), await rejudge(bob1.id));
    expect(await solvers()).toEqual({ solvers: 2, accepted: 2 });
    await writeFinalResult(ds, ada2.id, solver.problemId, result('rte'), await rejudge(ada2.id));
    expect(await solvers()).toEqual({ solvers: 1, accepted: 1 });
  });

  it('a submission rejudged before its first result is counted once when its result comes', async () => {
    const before = await countersBesideRows();
    const { id } = await submission();
    const round = await rejudge(id);
    expect(await writeFinalResult(ds, id, problem.problemId, result('accepted'), round)).toBe(true);
    expect(await countersBesideRows()).toEqual({ counted: before.counted + 1, accepted: before.accepted + 1 });
  });

  it('of many writes of one round racing, exactly one lands', async () => {
    const ids = await Promise.all(Array.from({ length: 10 }, async () => (await submission()).id));
    await Promise.all(ids.map((id) => writeFinalResult(ds, id, problem.problemId, result('accepted'))));
    const rounds = await Promise.all(ids.map(rejudge));
    const written = await Promise.all(
      ids.flatMap((id, i) => [
        writeFinalResult(ds, id, problem.problemId, result('wrong_answer'), rounds[i]),
        writeFinalResult(ds, id, problem.problemId, result('accepted'), rounds[i]),
        writeFinalResult(ds, id, problem.problemId, result('accepted'), rounds[i] - 1),
      ]),
    );
    expect(written.filter(Boolean)).toHaveLength(10);
    await countersBesideRows();
  });

  it('waits behind a transaction that holds the problem row and then its submissions (a rejudge, a visibility change)', async () => {
    const { id } = await submission();
    const other = ds.createQueryRunner();
    await other.connect();
    try {
      await other.startTransaction();
      await other.query('UPDATE problems SET rejudge_started_at = now() WHERE problem_id = $1', [problem.problemId]);
      const write = writeFinalResult(ds, id, problem.problemId, result('accepted'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Had the write locked its submission before the problem, this would be a deadlock and one would fail.
      await other.query('UPDATE submissions SET judge_round = judge_round + 1 WHERE id = $1', [id]);
      await other.commitTransaction();
      expect(await write).toBe(false);
    } finally {
      await other.release();
    }
    expect(await writeFinalResult(ds, id, problem.problemId, result('accepted'), 1)).toBe(true);
    await countersBesideRows();
  });

  it('answers with the columns it wrote, as the row now holds them (the worker publishes them without a read)', async () => {
    const { id } = await submission();
    const written = await writeFinalResultColumns(ds, id, problem.problemId, { ...result('wrong_answer'), runtimeMs: 12, memoryKB: 3456 });
    const row = await ds.getRepository(SubmissionEntity).findOneByOrFail({ id });
    expect(written).toEqual({
      status: 'wrong_answer',
      verdict: 'WRONG_ANSWER',
      score: 0,
      runtimeMs: 12,
      memoryKB: 3456,
      failedTest: null,
      finishedAt: row.finishedAt,
      updatedAt: row.updatedAt,
      ratedContestFinal: false,
    });
    expect(written?.finishedAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ status: 'wrong_answer', countedStatus: 'wrong_answer', runtimeMs: 12, memoryKB: 3456 });
    expect(row.countedAt).toBeInstanceOf(Date);
  });
});
