import { DataSource } from 'typeorm';

import { createDataSource, dropDatabase, loadForGrading, loadSubmission, migrate, ProblemEntity, SubmissionEntity } from './index';
import { freshDatabaseUrl } from './testing/fresh-database-url';

/** The grading's one raw statement reads what TypeORM reads through the entities, value for value. */
describe('loadForGrading', () => {
  const url = freshDatabaseUrl();
  let ds: DataSource;

  beforeAll(async () => {
    await migrate(url);
    ds = await createDataSource(url).initialize();
  });
  afterAll(async () => {
    await ds.destroy();
    await dropDatabase(url);
  });

  /** The problem as TypeORM reads it, with the tests' version its default select leaves out. */
  const problemThroughTypeorm = (problemId: number) =>
    ds
      .getRepository(ProblemEntity)
      .createQueryBuilder('p')
      .addSelect('p.testsVersion')
      .where('p.problemId = :problemId', { problemId })
      .getOneOrFail();

  it('gives the submission, its row and its problem as the entities do: every type, nulls and JSON included', async () => {
    const problem = await ds.getRepository(ProblemEntity).save({
      title: 'Checked',
      statement: 's'.repeat(10_000),
      difficulty: 'EASY' as const,
      cpuTimeLimit: 1.5,
      memoryLimit: 96,
      outputLimit: 4,
      samples: [{ input: '1 2\n', output: '3\n' }],
      subtasks: [{ points: 40, scoring: 'min' as const }],
      checkerType: 'float' as const,
      checkerEpsilon: 1e-6,
      checkerSource: '#include <cstdio>\nint main(){}',
      checkerLanguageId: 54,
      checkerProtocol: { kind: 'testlib' },
      interactorSource: 'print(1)',
      interactorLanguageId: 71,
      interactorProtocol: { kind: 'kattis' },
    } as Partial<ProblemEntity>);
    await ds.query('INSERT INTO problem_test_cases (problem_uuid, position, input, output, points) VALUES ($1, 0, $2, $2, 1)', [
      problem.id,
      '1\n',
    ]);
    const [user]: { id: string }[] = await ds.query(
      `INSERT INTO users (username, email, password_hash) VALUES ('ann', 'ann@x.io', 'x') RETURNING id`,
    );
    await ds.query('INSERT INTO user_ratings (user_id, rating, max_rating, contests) VALUES ($1, 1712, 1712, 1)', [user.id]);
    const submission = await ds.getRepository(SubmissionEntity).save({
      userId: user.id,
      problemId: problem.problemId,
      languageId: 71,
      languageName: 'Python 3',
      sourceCode: 'print(3)',
      sourceLen: 8,
      status: 'wrong_answer' as const,
      verdict: 'WRONG_ANSWER',
      score: 40,
      runtimeMs: 12,
      memoryKB: 3400,
      failedTest: 2,
      judgeRound: 1,
      queuedAt: new Date('2026-01-02T03:04:05.678Z'),
      startedAt: new Date('2026-01-02T03:04:06Z'),
      finishedAt: new Date('2026-01-02T03:04:07Z'),
      rejudgedAt: new Date('2026-01-02T03:04:04Z'),
      countedAt: new Date('2026-01-02T03:04:07Z'),
    });

    const read = await loadForGrading(ds, submission.id);
    const { entity, row } = (await loadSubmission(ds.manager, submission.id))!;
    const expected = await problemThroughTypeorm(problem.problemId);
    expect(read!.row).toEqual(row);
    expect(read!.row).toMatchObject({ userName: 'ann', userRating: 1712, problemTitle: 'Checked' });
    for (const [property, value] of Object.entries(read!.submission))
      expect([property, value]).toEqual([property, entity[property as keyof SubmissionEntity]]);
    for (const [property, value] of Object.entries(read!.problem!))
      expect([property, value]).toEqual([property, expected[property as keyof ProblemEntity]]);
    expect(read!.problem).toMatchObject({
      cpuTimeLimit: 1.5,
      checkerEpsilon: 1e-6,
      checkerProtocol: { kind: 'testlib' },
      testsVersion: expect.any(String),
    });
  });

  it('gives a guest submission of a plain problem its nulls, and null when the submission is gone', async () => {
    const problem = await ds.getRepository(ProblemEntity).save({ title: 'Plain', statement: 's', difficulty: 'EASY' as const });
    const submission = await ds.getRepository(SubmissionEntity).save({
      problemId: problem.problemId,
      languageId: 54,
      languageName: 'C++',
      sourceCode: 'int main(){}',
      sourceLen: 12,
      status: 'queued' as const,
      verdict: 'PENDING',
      score: 0,
    });
    const read = await loadForGrading(ds, submission.id);
    const { entity, row } = (await loadSubmission(ds.manager, submission.id))!;
    expect(read!.row).toEqual(row);
    for (const [property, value] of Object.entries(read!.submission))
      expect([property, value]).toEqual([property, entity[property as keyof SubmissionEntity]]);
    const expected = await problemThroughTypeorm(problem.problemId);
    for (const [property, value] of Object.entries(read!.problem!))
      expect([property, value]).toEqual([property, expected[property as keyof ProblemEntity]]);
    expect(read!.problem).toMatchObject({ checkerEpsilon: null, interactorSource: null, subtasks: [] });
    expect(await loadForGrading(ds, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
