import { bearer, createAdmin, createTestApp, problemBody, TestApp, TestSession } from '@oj/api-testing';

const tests = [
  { input: '1 2\n', output: '3\n', points: 1, subtask: 0 },
  { input: '5 7\n', output: '12\n', points: 2, subtask: 1 },
  { input: '2 2\n', output: '4\n', points: 4, subtask: 1 },
  { input: '0 0\n', output: '0\n', points: 5 },
];
const subtasks = [
  { name: ' Small ', scoring: 'min', points: 40 },
  { scoring: 'sum', points: 999 },
];

describe('problem subtasks', () => {
  let t: TestApp;
  let admin: TestSession;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
  });
  afterAll(() => t.close());

  const post = (overrides: Record<string, unknown>) =>
    t
      .http()
      .post('/api/problems')
      .set(...bearer(admin))
      .send(problemBody(overrides));

  it('stores subtasks, each test’s subtask, and totals min subtasks by their points and sum subtasks by their tests', async () => {
    const p = (await post({ testCases: tests, subtasks }).expect(201)).body;
    // A sum subtask is worth its tests' points (2 + 4), whatever the request said.
    expect(p.subtasks).toEqual([
      { name: 'Small', scoring: 'min', points: 40 },
      { scoring: 'sum', points: 6 },
    ]);
    expect(p.totalPoints).toBe(40 + 6 + 5);
    const full = (
      await t
        .http()
        .get(`/api/problems/${p.problemId}?includePrivate=true`)
        .set(...bearer(admin))
        .expect(200)
    ).body;
    expect(full.testCases.map((c: { subtask?: number }) => c.subtask)).toEqual([0, 1, 1, undefined]);
  });

  it('a problem without subtasks reports none and totals its tests’ points, as before', async () => {
    const p = (await post({}).expect(201)).body;
    expect(p).toMatchObject({ subtasks: [], totalPoints: 3 });
    expect(p.testCases).toEqual([
      { input: '1 2\n', output: '3\n', points: 1 },
      { input: '5 7\n', output: '12\n', points: 2 },
    ]);
  });

  it('keeps subtasks and assignments on a PUT that leaves them out, and replaces them on one that sends them', async () => {
    const p = (await post({ testCases: tests, subtasks }).expect(201)).body;
    const put = (body: Record<string, unknown>) =>
      t
        .http()
        .put(`/api/problems/${p.problemId}`)
        .set(...bearer(admin))
        .send(body);
    const kept = (await put(problemBody({ testCases: undefined, subtasks: undefined })).expect(200)).body;
    expect(kept).toMatchObject({ subtasks: p.subtasks, totalPoints: 51 });
    expect(kept.testCases.map((c: { subtask?: number }) => c.subtask)).toEqual([0, 1, 1, undefined]);
    // Subtask 2 still has tests pointing at it: refused, naming them.
    const refused = await put(problemBody({ testCases: undefined, subtasks: [subtasks[0]] })).expect(400);
    expect(refused.body.details).toContainEqual({
      path: 'testCases.1.subtask',
      message: 'Test case 2 is in subtask 2, which does not exist.',
    });
    const cleared = (await put(problemBody({ subtasks: [] })).expect(200)).body;
    expect(cleared).toMatchObject({ subtasks: [], totalPoints: 3 });
  });

  it('stores an all-or-nothing subtask worth 0, a gate that adds nothing to the total', async () => {
    const p = (
      await post({
        testCases: tests,
        subtasks: [
          { ...subtasks[0], points: 0 },
          { ...subtasks[1], dependsOn: [0] },
        ],
      }).expect(201)
    ).body;
    expect(p.subtasks).toEqual([
      { name: 'Small', scoring: 'min', points: 0 },
      { scoring: 'sum', points: 6, dependsOn: [0] },
    ]);
    expect(p.totalPoints).toBe(6 + 5);
  });

  it('stores what a subtask depends on, once each and in order, and leaves it out when it needs none', async () => {
    const p = (
      await post({
        testCases: tests,
        subtasks: [
          { ...subtasks[0], dependsOn: [] },
          { ...subtasks[1], dependsOn: [0, 0] },
        ],
      }).expect(201)
    ).body;
    expect(p.subtasks).toEqual([
      { name: 'Small', scoring: 'min', points: 40 },
      { scoring: 'sum', points: 6, dependsOn: [0] },
    ]);
  });

  const refusals: [Record<string, unknown>, string, string][] = [
    [
      { testCases: [{ ...tests[0], subtask: 1 }], subtasks: [subtasks[0]] },
      'testCases.0.subtask',
      'Test case 1 is in subtask 2, which does not exist.',
    ],
    [{ testCases: [tests[0]], subtasks }, 'subtasks.1', 'Subtask 2 has no test cases.'],
    [{ testCases: [{ ...tests[0], subtask: null }], subtasks }, 'testCases.0.subtask', 'Subtask must be the index of one of the subtasks.'],
    [{ testCases: [{ ...tests[0], subtask: -1 }], subtasks }, 'testCases.0.subtask', 'Subtask must be the index of one of the subtasks.'],
    [
      { testCases: tests, subtasks: [subtasks[0], { scoring: 'max', points: 1 }] },
      'subtasks.1.scoring',
      'Subtask scoring must be one of: sum, min.',
    ],
    [
      { testCases: tests, subtasks: [{ ...subtasks[0], points: 1001 }, subtasks[1]] },
      'subtasks.0.points',
      'Subtask points must be between 0 and 1000.',
    ],
    [
      { testCases: tests, subtasks: [{ ...subtasks[0], points: -1 }, subtasks[1]] },
      'subtasks.0.points',
      'Subtask points must be between 0 and 1000.',
    ],
    [
      { testCases: tests, subtasks: [{ ...subtasks[0], points: null }, subtasks[1]] },
      'subtasks.0.points',
      'Subtask points must be a whole number.',
    ],
    [
      // Every test in a gate worth 0: nothing to score against.
      { testCases: tests.map((c) => ({ ...c, subtask: 0 })), subtasks: [{ ...subtasks[0], points: 0 }] },
      'subtasks',
      'The problem is worth no points: give a subtask or a test case outside the 0-point subtasks some points.',
    ],
    [{ testCases: tests, subtasks: [{ ...subtasks[0], name: null }, subtasks[1]] }, 'subtasks.0.name', 'Subtask name must be text.'],
    [{ testCases: tests, subtasks: null }, 'subtasks', 'Subtasks must be a list.'],
    [
      { testCases: tests, subtasks: [subtasks[0], { ...subtasks[1], dependsOn: [2] }] },
      'subtasks.1.dependsOn',
      'Subtask 2 depends on subtask 3, which does not exist.',
    ],
    [
      { testCases: tests, subtasks: [{ ...subtasks[0], dependsOn: [0] }, subtasks[1]] },
      'subtasks.0.dependsOn',
      'Subtask 1 cannot depend on itself.',
    ],
    [
      {
        testCases: tests,
        subtasks: [
          { ...subtasks[0], dependsOn: [1] },
          { ...subtasks[1], dependsOn: [0] },
        ],
      },
      'subtasks.0.dependsOn',
      'Subtask 1 depends on itself through other subtasks.',
    ],
    ...[null, '0', [-1], [0.5], ['0'], 0].map((dependsOn): [Record<string, unknown>, string, string] => [
      { testCases: tests, subtasks: [subtasks[0], { ...subtasks[1], dependsOn }] },
      'subtasks.1.dependsOn',
      'Subtask dependencies must be a list of indices of other subtasks.',
    ]),
  ];
  it.each(refusals.map(([override, path, message]) => [message, path, override] as const))(
    'refuses: %s (%s)',
    async (message, path, override) => {
      const res = await post(override).expect(400);
      expect(res.body.details).toContainEqual({ path, message });
    },
  );
});
