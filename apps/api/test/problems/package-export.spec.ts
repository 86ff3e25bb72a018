import {
  bearer,
  createAdmin,
  createProblem,
  createTestApp,
  CUSTOM_CHECKER,
  problemBody,
  registerUser,
  SUM_INTERACTOR,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import { checkerColumns, interactorColumns, ProblemEntity } from '@oj/db';
import { DataSource } from 'typeorm';

import { icpcPackageEntries } from '../../src/problems/packages/icpc-export';
import { readTestArchive } from '../../src/problems/zip/test-archive-reader';

/** What an ICPC package carries of a problem: everything but the judge's own settings (difficulty, tags, languages…). */
const CARRIED = [
  'title',
  'statement',
  'inputFormat',
  'outputFormat',
  'constraints',
  'cpuTimeLimit',
  'memoryLimit',
  'subtasks',
  'checker',
  'templates',
] as const;

describe('GET /api/problems/{problemId}/package', () => {
  let t: TestApp;
  let admin: TestSession;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
  });
  afterAll(() => t.close());

  const download = (problemId: number, session: TestSession = admin) =>
    t
      .http()
      .get(`/api/problems/${problemId}/package`)
      .set(...bearer(session))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  const detail = async (problemId: number) =>
    (
      await t
        .http()
        .get(`/api/problems/${problemId}?includePrivate=true`)
        .set(...bearer(admin))
        .expect(200)
    ).body;

  it('round trips: export then import gives the same problem, field by field and byte for byte', async () => {
    const original = await createProblem(
      t,
      admin,
      problemBody({
        title: 'Round trip',
        statement: 'Sum $a+b$ with **care**.',
        inputFormat: 'Two numbers, $|a| \\le 10^9$.',
        outputFormat: 'One number.',
        constraints: '- $a, b$ integers',
        cpuTimeLimit: 1.5,
        memoryLimit: 300,
        samples: [{ input: '1 2\n', output: '3\n' }],
        testCases: [
          { input: 'ungrouped\r\n', output: '\n', points: 1 },
          { input: '2 2\n', output: '4\n', points: 1, subtask: 0 },
          { input: '3 3\n', output: '6\n', points: 1, subtask: 0 },
          { input: 'x y', output: 'no newline', points: 7, subtask: 1 },
          { input: 'é ü 漢\n', output: '∑\n', points: 7, subtask: 1 },
        ],
        subtasks: [
          { name: 'n ≤ 10', scoring: 'min', points: 30 },
          { name: 'all', scoring: 'sum', points: 14 },
        ],
        checker: { type: 'float', epsilon: 0.0001 },
        templates: [
          { languageId: 54, sourceCode: '#include <cstdio>\nint main() {\n}\n' },
          { languageId: 71, sourceCode: 'a, b = map(int, input().split())\n' },
        ],
      }),
    );
    const res = await download(original.problemId).expect(200);
    const paths = (await readTestArchive(res.body)).map((f) => f.path);
    expect(paths.filter((p) => p.startsWith('templates/'))).toEqual(['templates/54.cpp', 'templates/71.py']);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="problem-${original.problemId}.zip"`);
    const imported = await t
      .http()
      .post('/api/problems/import')
      .set(...bearer(admin))
      .attach('file', res.body, 'package.zip')
      .expect(201);
    expect(imported.body.warnings).toEqual([]);
    const [before, after] = [await detail(original.problemId), await detail(imported.body.problem.problemId)];
    for (const field of CARRIED) expect([field, after[field]]).toEqual([field, before[field]]);
    expect(after.samples).toEqual(before.samples.map(({ input, output }: { input: string; output: string }) => ({ input, output })));
    expect(after.testCases).toEqual(before.testCases);
  });

  it('writes the package in the ICPC layout, a custom checker as the output validator', async () => {
    const original = await createProblem(
      t,
      admin,
      problemBody({ subtasks: [{ scoring: 'min', points: 5 }], testCases: [{ input: '1\n', output: '1\n', subtask: 0 }] }),
    );
    const files = await readTestArchive((await download(original.problemId).expect(200)).body);
    // Samples this judge never judged: the root grader ignores them, as the original did.
    expect(files.map((f) => f.path).sort()).toEqual([
      'data/sample/001.ans',
      'data/sample/001.in',
      'data/secret/subtask01/001.ans',
      'data/secret/subtask01/001.in',
      'data/secret/subtask01/testdata.yaml',
      'data/testdata.yaml',
      'problem.yaml',
      'problem_statement/problem.en.md',
    ]);
    const text = (path: string) => files.find((f) => f.path === path)?.content.toString();
    expect(text('problem.yaml')).toBe(
      'name: A + B\nvalidation: default\nvalidator_flags: case_sensitive space_change_sensitive\nlimits:\n  time_limit: 1\n  memory: 64\n  output: 8\n',
    );
    expect(text('data/secret/subtask01/testdata.yaml')).toBe('score: 5\naggregation: min\n');
    expect(text('data/testdata.yaml')).toBe('grader_flags: ignore_sample\n');
    const detailed = await detail(original.problemId);
    const custom = icpcPackageEntries({ ...detailed, checker: { type: 'custom', languageId: 54, source: CUSTOM_CHECKER } });
    expect(custom.find((e) => e.path === 'output_validators/checker/checker.cpp')?.content).toBe(CUSTOM_CHECKER);
    expect(custom.find((e) => e.path === 'problem.yaml')?.content).toContain('validation: custom\n');
  });

  it("writes an interactive problem's interactor as its `custom interactive` validator", async () => {
    const problem = await createProblem(t, admin, problemBody({ checker: { type: 'lines' } }));
    // Saved as an admin's interactor would be: compiling one needs a worker (the round trip with one: apps/system-tests).
    await t.app
      .get(DataSource)
      .getRepository(ProblemEntity)
      .update({ problemId: problem.problemId }, interactorColumns({ languageId: 54, source: SUM_INTERACTOR }));
    const files = await readTestArchive((await download(problem.problemId).expect(200)).body);
    const text = (path: string) => files.find((f) => f.path === path)?.content.toString();
    expect(text('problem.yaml')).toContain('validation: custom interactive\nvalidator_flags: case_sensitive space_change_sensitive\n');
    expect(text('output_validators/interactor/interactor.cpp')).toBe(SUM_INTERACTOR);
    expect(files.filter((f) => f.path.startsWith('output_validators/'))).toHaveLength(1);
  });

  it("gives the problem's author who is not an admin the package without the hidden tests or jury code; other users 403, guests 401, a missing problem 404", async () => {
    const author = await registerUser(t);
    const other = await registerUser(t);
    const problem = await createProblem(
      t,
      admin,
      problemBody({ isPublic: true, testCases: [{ input: 'secret in\n', output: 'secret out\n' }] }),
    );
    await t.app.get(DataSource).query('UPDATE problems SET author_id = $1 WHERE problem_id = $2', [author.user.id, problem.problemId]);
    // An admin adds a test and sets a checker that holds the answers, after the author lost the right to read them.
    await t
      .http()
      .put(`/api/problems/${problem.problemId}`)
      .set(...bearer(admin))
      .send(
        problemBody({
          isPublic: true,
          testCases: [
            { input: 'secret in\n', output: 'secret out\n' },
            { input: 'added\n', output: 'later\n' },
          ],
        }),
      )
      .expect(200);
    await t.app
      .get(DataSource)
      .getRepository(ProblemEntity)
      .update({ problemId: problem.problemId }, checkerColumns({ type: 'custom', languageId: 54, source: CUSTOM_CHECKER }));
    const files = await readTestArchive((await download(problem.problemId, author).expect(200)).body);
    expect(files.map((f) => f.path).sort()).toEqual([
      'data/sample/001.ans',
      'data/sample/001.in',
      'data/testdata.yaml',
      'problem.yaml',
      'problem_statement/problem.en.md',
    ]);
    expect(files.find((f) => f.path === 'problem.yaml')?.content.toString()).toContain('validation: custom\n');
    const whole = await readTestArchive((await download(problem.problemId).expect(200)).body);
    expect(whole.filter((f) => /^(data\/secret|output_validators)\//.test(f.path)).map((f) => [f.path, f.content.toString()])).toEqual([
      ['data/secret/001.in', 'secret in\n'],
      ['data/secret/001.ans', 'secret out\n'],
      ['data/secret/002.in', 'added\n'],
      ['data/secret/002.ans', 'later\n'],
      ['output_validators/checker/checker.cpp', CUSTOM_CHECKER],
    ]);
    // The problem's own read gives the author as much, and no more.
    const read = await t
      .http()
      .get(`/api/problems/${problem.problemId}?includePrivate=true`)
      .set(...bearer(author))
      .expect(200);
    expect([read.body.testCases, read.body.checker]).toEqual([undefined, { type: 'custom', languageId: 54 }]);
    expect((await download(problem.problemId, other).expect(403)).body.toString()).toContain(
      "Only administrators and the problem's author may download its package.",
    );
    await t.http().get(`/api/problems/${problem.problemId}/package`).expect(401);
    await download(999_999_999).expect(404);
  });
});
