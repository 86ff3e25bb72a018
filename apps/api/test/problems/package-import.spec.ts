import {
  bearer,
  buildZip,
  createAdmin,
  createTestApp,
  icpcPackage,
  polygonPackage,
  polygonXml,
  registerUser,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import { DataSource } from 'typeorm';

describe('POST /api/problems/import', () => {
  let t: TestApp;
  let admin: TestSession;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
  });
  afterAll(() => t.close());

  const upload = (zip: Buffer, fields: Record<string, string> = {}, session: TestSession = admin) => {
    const request = t
      .http()
      .post('/api/problems/import')
      .set(...bearer(session));
    for (const [name, value] of Object.entries(fields)) request.field(name, value);
    return request.attach('file', zip, 'package.zip');
  };
  const problemCount = async () => Number((await t.app.get(DataSource).query('SELECT count(*) AS n FROM problems'))[0].n);

  it('creates a private problem from a Polygon package, field by field, with warnings', async () => {
    const res = await upload(await polygonPackage()).expect(201);
    const p = res.body.problem;
    expect(p).toMatchObject({ title: 'A plus B', isPublic: false, cpuTimeLimit: 1.5, memoryLimit: 256, checker: { type: 'tokens' } });
    expect(p.statement).toBe(
      'Given two integers $a$ and $b$, print their **sum** $a + b$.\nRead the *whole* input: «a and b».\n\n- first $a \\le 10^9$;\n- then `b`.\n\n\\includegraphics{a.png}\n\n### Notes\n\nMind the **overflow**.',
    );
    expect(p.inputFormat).toBe('One line: $a$ and $b$ ($1 \\le a, b \\le 10^9$).');
    expect(p.outputFormat).toBe('Print $a+b$.');
    expect(p.samples).toEqual([{ input: '1 2\n', output: '3\n' }]);
    // Group 0, the samples', is worth nothing: a gate worth 0, so the total is Polygon's 65, not a point per sample.
    expect(p.subtasks).toEqual([
      { name: 'Group 0', scoring: 'min', points: 0 },
      { name: 'Group 1', scoring: 'min', points: 40 },
      { name: 'Group 2', scoring: 'sum', points: 25 },
    ]);
    expect(p.totalPoints).toBe(65);
    expect(
      p.testCases.map((c: { input: string; output: string; points: number; subtask?: number }) => [c.input, c.output, c.points, c.subtask]),
    ).toEqual([
      ['1 2\n', '3\n', 1, 0],
      ['5 7\n', '12\n', 20, 1],
      ['10 20\n', '30\n', 20, 1],
      ['100 200\n', '300\n', 10, 2],
      ['1000 2000\n', '3000\n', 15, 2],
    ]);
    expect(res.body.warnings).toEqual(['Statement legend.tex: LaTeX left as it is: \\includegraphics.']);
    // No worker in this suite: the problem is stored all the same, and the result says why the solution did not run.
    expect(res.body.mainSolution).toEqual({
      path: 'solutions/main.cpp',
      languageId: 54,
      result: null,
      message: 'Validation unavailable: No judge worker is running. Start one with npm start or the judge-worker app.',
    });
  });

  it("keeps the groups' dependencies as the subtasks' dependsOn, the samples' group's too, and names one it cannot keep", async () => {
    const xml = polygonXml().replace(
      '<group feedback-policy="complete" name="2" points-policy="each-test"/>',
      '<group feedback-policy="complete" name="2" points-policy="each-test"><dependencies><dependency group="0"/><dependency group="1"/><dependency group="9"/></dependencies></group>',
    );
    const res = await upload(await polygonPackage({ xml })).expect(201);
    expect(res.body.problem.subtasks).toEqual([
      { name: 'Group 0', scoring: 'min', points: 0 },
      { name: 'Group 1', scoring: 'min', points: 40 },
      { name: 'Group 2', scoring: 'sum', points: 25, dependsOn: [0, 1] },
    ]);
    expect(res.body.warnings).toContain('Group 2 depends on group 9, which is not listed or has no tests: that dependency is left out.');
  });

  it('adds the interaction and scoring sections to the statement, and warns of a problem read from files', async () => {
    const xml = polygonXml().replace('input-file="" output-file=""', 'input-file="input.txt" output-file="output.txt"');
    const extra = [
      { name: 'statement-sections/english/interaction.tex', content: 'Print \\textbf{one} guess per line.' },
      { name: 'statement-sections/english/scoring.tex', content: 'Group 1: $n \\le 10$.' },
    ];
    const res = await upload(await polygonPackage({ xml, extra })).expect(201);
    expect(res.body.problem.statement).toMatch(
      /### Interaction\n\nPrint \*\*one\*\* guess per line\.\n\n### Scoring\n\nGroup 1: \$n \\le 10\$\.\n\n### Notes\n\nMind/,
    );
    expect(res.body.warnings).toContain(
      "problem.xml's programs use the files input.txt and output.txt: here a program reads standard input and writes standard output, so a solution that opens those files fails.",
    );
  });

  it('refuses groups whose dependencies go round in a circle, storing nothing', async () => {
    const before = await problemCount();
    const xml = polygonXml()
      .replace(
        '<group feedback-policy="icpc" name="1" points="40" points-policy="complete-group"/>',
        '<group feedback-policy="icpc" name="1" points="40" points-policy="complete-group"><dependencies><dependency group="2"/></dependencies></group>',
      )
      .replace(
        '<group feedback-policy="complete" name="2" points-policy="each-test"/>',
        '<group feedback-policy="complete" name="2" points-policy="each-test"><dependencies><dependency group="1"/></dependencies></group>',
      );
    const res = await upload(await polygonPackage({ xml })).expect(400);
    expect(JSON.stringify(res.body)).toContain('depends on itself through other subtasks');
    expect(await problemCount()).toBe(before);
  });

  it.each([
    ['std::lcmp.cpp', { type: 'lines' }],
    ['std::rcmp6.cpp', { type: 'float', epsilon: 1e-6 }],
    // fcmp accepts an output without its final newline, which `exact` would refuse.
    ['std::fcmp.cpp', { type: 'lines' }],
  ])('maps the standard checker %s to a built-in', async (checker, expected) => {
    const res = await upload(await polygonPackage({ checker })).expect(201);
    expect(res.body.problem.checker).toEqual(expected);
  });

  it('updates the problem given, keeping what the package does not hold', async () => {
    const created = (await upload(await polygonPackage()).expect(201)).body.problem;
    await t
      .http()
      .patch(`/api/problems/${created.problemId}/visibility`)
      .set(...bearer(admin))
      .send({ isPublic: true })
      .expect(200);
    const res = await upload(await polygonPackage({ checker: 'std::lcmp.cpp' }), { problemId: String(created.problemId) }).expect(201);
    expect(res.body.problem).toMatchObject({ problemId: created.problemId, isPublic: true, checker: { type: 'lines' } });
  });

  it('reads templates/ in any format, by id or ending, and an update without any keeps the saved ones', async () => {
    const extra = [
      { name: 'templates/starter.cpp', content: 'int main() {}\n' },
      { name: 'templates/71.py', content: 'print()\n' },
      { name: 'templates/notes.md', content: 'Not code.' },
    ];
    const created = (await upload(await polygonPackage({ extra })).expect(201)).body;
    expect(created.problem.templates).toEqual([
      { languageId: 71, sourceCode: 'print()\n' },
      { languageId: 54, sourceCode: 'int main() {}\n' },
    ]);
    expect(created.warnings).toContain(
      "templates/notes.md: the template's language is unknown (name it <languageId>.<ending>), so it is left out.",
    );
    const updated = await upload(await polygonPackage(), { problemId: String(created.problem.problemId) }).expect(201);
    expect(updated.body.problem.templates).toEqual(created.problem.templates);
  });

  it('imports an ICPC package with scored groups and the default validator, saying where its time limit comes from', async () => {
    const yaml = 'name: {en: Pair sums, de: Paarsummen}\nvalidator_flags: case_sensitive\nlimits:\n  time_limit: 2.5\n  memory: 512\n';
    const res = await upload(await icpcPackage({ yaml })).expect(201);
    const p = res.body.problem;
    expect(p).toMatchObject({
      title: 'Pair sums',
      cpuTimeLimit: 2.5,
      memoryLimit: 512,
      statement: 'Sum $a+b$.',
      inputFormat: 'Two numbers.',
      outputFormat: 'One number.',
    });
    expect(p.checker).toEqual({ type: 'tokens' });
    expect(p.samples).toEqual([{ input: '1 1\n', output: '2\n' }]);
    // The sample is judged first, in a gate worth 0; the groups' scores make the total.
    expect(p.subtasks).toEqual([
      { name: 'sample', scoring: 'min', points: 0 },
      { name: 'g1', scoring: 'min', points: 30 },
      { name: 'g2', scoring: 'sum', points: 70 },
    ]);
    expect(p.totalPoints).toBe(100);
    expect(p.testCases.map((c: { input: string; points: number; subtask?: number }) => [c.input, c.points, c.subtask])).toEqual([
      ['1 1\n', 1, 0],
      ['2 2\n', 1, 1],
      ['3 3\n', 35, 2],
      ['4 4\n', 35, 2],
    ]);
    expect(res.body.warnings).toEqual([]);
    expect(res.body.timeLimit).toEqual({ seconds: 2.5, rule: 'package', detail: 'problem.yaml limits.time_limit: 2.5 s' });
  });

  it('falls back to the default time limit, saying why, when no accepted submission can be timed', async () => {
    const res = await upload(await icpcPackage({ yaml: 'name: Untimed\nvalidator_flags: case_sensitive\n' })).expect(201);
    expect(res.body.problem.cpuTimeLimit).toBe(2);
    expect(res.body.timeLimit).toMatchObject({ seconds: 2, rule: 'default' });
    expect(res.body.timeLimit.detail).toMatch(
      /^No accepted submission could be timed, so the default 2 s is used \(limits\.time_multiplier 5 x the slowest accepted submission, rounded up to a multiple of 1 s\)\. Not counted: submissions\/accepted\/sum\.py \(.+\)\.$/,
    );
    expect(res.body.warnings).toEqual([`Time limit: ${res.body.timeLimit.detail}`]);
  });

  it('imports a DOMjudge package whose only metadata is domjudge-problem.ini: its name and time limit', async () => {
    const zip = await buildZip([
      { name: 'hello/domjudge-problem.ini', content: 'name = \'Hello World\'\ntimelimit = "3"\nexternalid=hello\n' },
      { name: 'hello/data/sample/1.in', content: '' },
      { name: 'hello/data/sample/1.ans', content: 'Hello world!\n' },
      { name: 'hello/data/secret/1.in', content: '' },
      { name: 'hello/data/secret/1.ans', content: 'Hello world!\n' },
    ]);
    const res = await upload(zip).expect(201);
    expect(res.body.problem).toMatchObject({ title: 'Hello World', cpuTimeLimit: 3, memoryLimit: 1024 });
    expect(res.body.timeLimit).toMatchObject({ rule: 'timelimit-file', detail: 'domjudge-problem.ini timelimit: 3 s' });
  });

  describe('refuses a bad package with a 400 naming what is wrong, storing nothing', () => {
    it.each<[string, () => Promise<Buffer>, string]>([
      [
        'no problem.xml',
        () => buildZip([{ name: 'tests/01', content: '1\n' }]),
        'The archive is not a problem package: it has no problem.xml (Polygon), problem.yaml (ICPC) or domjudge-problem.ini (DOMjudge) at its root.',
      ],
      ['malformed XML', () => polygonPackage({ xml: '<problem><names></problem>' }), 'problem.xml is not well-formed XML: '],
      ['a listed test missing', () => polygonPackage({ missing: [3] }), 'Test tests/03 is listed but missing from the archive.'],
      ['only generator scripts', () => polygonPackage({ unbuilt: true }), 'The package has no built tests, only generator scripts'],
      [
        'a path outside the archive',
        () => polygonPackage({ xml: polygonXml().replace('files/check.cpp', '../../etc/passwd').replace('std::wcmp.cpp', 'check.cpp') }),
        'The package names a path outside the archive: ../../etc/passwd',
      ],
      [
        'a hostile archive entry',
        // yazl refuses such names itself, so the stored name bytes are swapped after building (same length).
        async () =>
          Buffer.from(
            (await polygonPackage({ extra: [{ name: 'x/evil', content: 'x' }] })).toString('latin1').split('x/evil').join('../evl'),
            'latin1',
          ),
        'The archive contains an unsafe path: ../evl',
      ],
      ['not a ZIP', async () => Buffer.from('plain text'), 'The uploaded file is not a valid ZIP archive.'],
      ['bad problem.yaml', () => icpcPackage({ yaml: 'name: [unclosed\n' }), 'problem.yaml is not valid YAML: '],
      [
        'a multi-pass problem',
        () => icpcPackage({ yaml: 'problem_format_version: 2023-07-draft\ntype: [pass-fail, multi-pass]\nname: Passes\n' }),
        'Multi-pass problems (type: multi-pass) are not supported: this judge runs a submission once per test and cannot feed it a next pass.',
      ],
    ])('%s', async (_, build, message) => {
      const before = await problemCount();
      const res = await upload(await build()).expect(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.message).toContain(message);
      expect(await problemCount()).toBe(before);
    });

    it('a zip bomb', async () => {
      const res = await upload(
        await buildZip([
          { name: 'problem.xml', content: polygonXml() },
          { name: 'tests/01', content: Buffer.alloc(3 * 1024 * 1024) },
        ]),
      ).expect(400);
      expect(res.body.message).toContain('compression ratio exceeds');
    });
  });

  it('refuses a problemId that is not an id, and answers 404 for one that is no problem', async () => {
    const before = await problemCount();
    expect((await upload(await polygonPackage(), { problemId: 'abc' }).expect(400)).body.details).toEqual([
      { path: 'problemId', message: 'problemId must be the id of a problem.' },
    ]);
    await upload(await polygonPackage(), { problemId: '999999' }).expect(404);
    expect(await problemCount()).toBe(before);
  });

  it('is for admins only', async () => {
    const author = await registerUser(t);
    await upload(await polygonPackage(), {}, author).expect(403);
  });
});
