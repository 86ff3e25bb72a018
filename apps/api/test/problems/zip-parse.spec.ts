import { bearer, buildZip, createAdmin, createTestApp, registerUser, TestApp, TestSession, zeros } from '@oj/api-testing';
import { randomBytes } from 'crypto';
import { DataSource } from 'typeorm';

describe('POST /api/problems/testcases/zip-parse', () => {
  let t: TestApp;
  let admin: TestSession;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
  });
  afterAll(() => t.close());

  const upload = (zip: Buffer, trim = false, session: TestSession = admin) =>
    t
      .http()
      .post('/api/problems/testcases/zip-parse')
      .set(...bearer(session))
      .field('trimWhitespace', String(trim))
      .attach('file', zip, 'tests.zip');

  it('pairs every supported layout at any depth in natural order, with warnings', async () => {
    const zip = await buildZip([
      { name: 'data/10.in', content: 'ten\n' },
      { name: 'data/10.out', content: 'TEN\n' },
      { name: 'data/2.in', content: 'two\n' },
      { name: 'data/2.ans', content: 'TWO\n' },
      { name: 'txt/input1.txt', content: 'i1' },
      { name: 'txt/output1.txt', content: 'o1' },
      { name: 'split/input/3.txt', content: 'three' },
      { name: 'split/output/3.txt', content: 'THREE' },
      { name: 'data/7.in', content: 'lonely' },
      { name: 'data/8.in', content: '' },
      { name: 'data/8.out', content: '' },
      { name: 'README.md', content: 'hello' },
    ]);
    const res = await upload(zip).expect(200);
    expect(res.body.testCases).toEqual([
      { input: 'two\n', output: 'TWO\n', points: 1 },
      { input: 'ten\n', output: 'TEN\n', points: 1 },
      { input: 'three', output: 'THREE', points: 1 },
      { input: 'i1', output: 'o1', points: 1 },
    ]);
    expect(res.body.warnings).toEqual([
      'Skipped README.md: not a recognised test file name.',
      'Skipped data/7.in: no matching output file.',
      'Skipped test data/8: input and output are empty.',
    ]);
  });

  it('groups tests of subtask<N>/ folders into subtasks for the form', async () => {
    const zip = await buildZip([
      { name: 'subtask2/1.in', content: 'c' },
      { name: 'subtask2/1.out', content: 'C' },
      { name: 'subtask1/2.in', content: 'b' },
      { name: 'subtask1/2.out', content: 'B' },
      { name: 'subtask1/1.in', content: 'a' },
      { name: 'subtask1/1.out', content: 'A' },
    ]);
    const res = await upload(zip).expect(200);
    expect(res.body.testCases).toEqual([
      { input: 'a', output: 'A', points: 1, subtask: 0 },
      { input: 'b', output: 'B', points: 1, subtask: 0 },
      { input: 'c', output: 'C', points: 1, subtask: 1 },
    ]);
    expect(res.body.subtasks).toEqual([
      { name: 'Subtask 1', scoring: 'min', points: 2 },
      { name: 'Subtask 2', scoring: 'min', points: 1 },
    ]);
    expect(res.body.warnings).toEqual([]);
  });

  it('warns instead of guessing when only some names carry a group prefix', async () => {
    const zip = await buildZip([
      { name: '1-01.in', content: 'a' },
      { name: '1-01.out', content: 'A' },
      { name: '2.in', content: 'b' },
      { name: '2.out', content: 'B' },
    ]);
    const res = await upload(zip).expect(200);
    expect(res.body).toMatchObject({ subtasks: [], warnings: [expect.stringMatching(/ambiguous/)] });
    expect(res.body.testCases.every((c: { subtask?: number }) => c.subtask === undefined)).toBe(true);
  });

  it('offers a checker source from the root or checker/ as a custom checker, preferring the root and C++', async () => {
    const source = '#include "testlib.h"\nint main(int argc, char *argv[]) { registerTestlibCmd(argc, argv); quitf(_ok, "ok"); }\n';
    const zip = await buildZip([
      { name: '1.in', content: '1' },
      { name: '1.out', content: '1' },
      { name: 'checker/check.c', content: 'int main(void) { return 0; }\n' },
      { name: 'check.cpp', content: source },
    ]);
    const res = await upload(zip).expect(200);
    expect(res.body.checker).toEqual({ type: 'custom', languageId: 54, source });
    expect(res.body.testCases).toEqual([{ input: '1', output: '1', points: 1 }]);
    expect(res.body.warnings).toEqual([
      'Found check.cpp: set as the custom checker (C++).',
      'Skipped checker/check.c: check.cpp is the checker.',
    ]);

    const c = await upload(
      await buildZip([
        { name: 'tests/1.in', content: '1' },
        { name: 'tests/1.out', content: '1' },
        { name: 'checker/checker.c', content: 'int main(void) { return 0; }\n' },
      ]),
    ).expect(200);
    expect(c.body.checker).toEqual({ type: 'custom', languageId: 50, source: 'int main(void) { return 0; }\n' });
  });

  it('recognises interactor.cpp (the problem is then interactive), beside a checker, preferring the root', async () => {
    const source = '#include "testlib.h"\nint main(int argc, char *argv[]) { registerInteraction(argc, argv); quitf(_ok, "ok"); }\n';
    const zip = await buildZip([
      { name: '1.in', content: '42' },
      { name: '1.out', content: '42' },
      { name: 'interactor/interactor.c', content: 'int main(void) { return 0; }\n' },
      { name: 'interactor.cpp', content: source },
      { name: 'checker.cpp', content: 'int main() {}\n' },
    ]);
    const res = await upload(zip).expect(200);
    expect(res.body.interactor).toEqual({ languageId: 54, source });
    expect(res.body.checker).toEqual({ type: 'custom', languageId: 54, source: 'int main() {}\n' });
    expect(res.body.testCases).toEqual([{ input: '42', output: '42', points: 1 }]);
    expect(res.body.warnings).toEqual([
      'Found checker.cpp: set as the custom checker (C++).',
      'Found interactor.cpp: set as the interactor: the problem is interactive (C++).',
      'Skipped interactor/interactor.c: interactor.cpp is the interactor.',
    ]);
    const c = await upload(
      await buildZip([
        { name: '1.in', content: '1' },
        { name: '1.out', content: '1' },
        { name: 'interactor/interact.c', content: 'int main(void) { return 0; }\n' },
      ]),
    ).expect(200);
    expect(c.body).toMatchObject({ interactor: { languageId: 50, source: 'int main(void) { return 0; }\n' } });
    expect(c.body.checker).toBeUndefined();
  });

  it('leaves out a checker source over 64 KiB with a warning, and treats other folders as no checker', async () => {
    const zip = await buildZip([
      { name: '1.in', content: '1' },
      { name: '1.out', content: '1' },
      { name: 'checker.cpp', content: `// ${'x'.repeat(64 * 1024)}\n` },
      { name: 'src/checker.cpp', content: 'int main() {}\n' },
    ]);
    const res = await upload(zip).expect(200);
    expect(res.body.checker).toBeUndefined();
    expect(res.body.warnings).toEqual([
      'Skipped checker.cpp: a checker source must be at most 64 KiB.',
      'Skipped src/checker.cpp: not a recognised test file name.',
    ]);
  });

  it('refuses test files that are not UTF-8 text, naming them, and skips such a checker with a warning', async () => {
    const binary = Buffer.from([0x31, 0x00, 0x32]);
    const latin1 = Buffer.from('caf\xe9\n', 'latin1');
    const zip = await buildZip([
      ...Array.from({ length: 7 }, (_, i) => [
        { name: `${i + 1}.in`, content: i < 6 ? binary : '1' },
        { name: `${i + 1}.out`, content: i === 6 ? latin1 : '1' },
      ]).flat(),
      { name: '9.in', content: binary },
    ]);
    const message =
      'Test files must be UTF-8 text without NUL bytes (0x00): 1.in (NUL bytes), 2.in (NUL bytes), 3.in (NUL bytes), ' +
      '4.in (NUL bytes), 5.in (NUL bytes) and 2 more.';
    expect((await upload(zip).expect(400)).body).toEqual({ code: 'VALIDATION_ERROR', message, details: [{ path: 'file', message }] });
    const one = await upload(
      await buildZip([
        { name: '1.in', content: '1' },
        { name: '1.out', content: latin1 },
      ]),
    ).expect(400);
    expect(one.body.message).toBe('Test files must be UTF-8 text without NUL bytes (0x00): 1.out (not UTF-8).');

    const checker = await upload(
      await buildZip([
        { name: '1.in', content: '1' },
        { name: '1.out', content: '1' },
        { name: 'checker.cpp', content: Buffer.from('int main() {}\0') },
        { name: 'junk.bin', content: binary },
      ]),
    ).expect(200);
    expect(checker.body.checker).toBeUndefined();
    expect(checker.body.warnings).toEqual([
      'Skipped checker.cpp: a checker source must be UTF-8 text without NUL bytes.',
      'Skipped junk.bin: not a recognised test file name.',
    ]);
  });

  it('trims trailing whitespace on each line when asked', async () => {
    const zip = await buildZip([
      { name: '1.in', content: '1 2  \r\n3\t\n' },
      { name: '1.out', content: '3   \n' },
    ]);
    expect((await upload(zip, true).expect(200)).body.testCases).toEqual([{ input: '1 2\n3\n', output: '3\n', points: 1 }]);
    expect((await upload(zip, false).expect(200)).body.testCases).toEqual([{ input: '1 2  \r\n3\t\n', output: '3   \n', points: 1 }]);
  });

  it('refuses a file that is not a ZIP', async () => {
    const res = await upload(Buffer.from('definitely not a zip')).expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'The uploaded file is not a valid ZIP archive.' });
  });

  it('refuses an archive without pairs', async () => {
    const res = await upload(await buildZip([{ name: 'notes.txt', content: 'x' }])).expect(400);
    expect(res.body.message).toBe('No valid test case pairs were found in the archive.');
  });

  it('refuses hostile names', async () => {
    // yazl refuses such names itself, so the stored name bytes are swapped after building (same length).
    const dotdot = Buffer.from(
      (await buildZip([{ name: 'x/aa.in', content: '1' }])).toString('latin1').split('x/aa.in').join('../a.in'),
      'latin1',
    );
    expect((await upload(dotdot).expect(400)).body.message).toBe('The archive contains an unsafe path: ../a.in');
    const absolute = Buffer.from(
      (await buildZip([{ name: 'etc/x.in', content: '1' }])).toString('latin1').split('etc/x.in').join('/etc/x.i'),
      'latin1',
    );
    expect((await upload(absolute).expect(400)).body.message).toBe('The archive contains an unsafe path: /etc/x.i');
  });

  it('refuses more than 1,000 entries', async () => {
    const zip = await buildZip(Array.from({ length: 1001 }, (_, i) => ({ name: `${i}.in`, content: '1' })));
    expect((await upload(zip).expect(400)).body.message).toBe('The archive has more than 1000 entries.');
  });

  it('refuses a zip bomb without inflating it: past 64 MiB by its size, under it by its ratio', async () => {
    const huge = await buildZip([
      { name: '1.in', stream: zeros(300 * 1024 * 1024) },
      { name: '1.out', content: '0' },
    ]);
    expect(huge.length).toBeLessThan(2 * 1024 * 1024);
    expect((await upload(huge).expect(400)).body.message).toBe(
      'The archive inflates to more than 64 MiB of test data, the most a problem may hold.',
    );
    const dense = await buildZip([
      { name: '1.in', stream: zeros(60 * 1024 * 1024) },
      { name: '1.out', content: '0' },
    ]);
    expect((await upload(dense).expect(400)).body.message).toBe("The archive's compression ratio exceeds 100:1 (possible zip bomb).");
  });

  it('is for admins and problem authors only', async () => {
    const zip = await buildZip([
      { name: '1.in', content: '1' },
      { name: '1.out', content: '1' },
    ]);
    const user = await registerUser(t);
    await t.http().post('/api/problems/testcases/zip-parse').attach('file', zip, 'tests.zip').expect(401);
    await upload(zip, false, user).expect(403);
    // The author of a private problem may not edit it (SPEC 6), so has no use for the form's tools either.
    await t.app
      .get(DataSource)
      .query(`INSERT INTO problems (title, statement, difficulty, author_id) VALUES ('x', 'y', 'EASY', $1)`, [user.user.id]);
    await upload(zip, false, user).expect(403);
    await t.app.get(DataSource).query(`UPDATE problems SET is_public = true WHERE author_id = $1`, [user.user.id]);
    await upload(zip, false, user).expect(200);
  });

  it('needs a file', async () => {
    const res = await t
      .http()
      .post('/api/problems/testcases/zip-parse')
      .set(...bearer(admin))
      .field('trimWhitespace', 'false')
      .expect(400);
    expect(res.body.details).toEqual([{ path: 'file', message: 'A ZIP file is required.' }]);
  });

  it('refuses an upload over 64 MiB before reading it as an archive', async () => {
    const res = await upload(Buffer.alloc(64 * 1024 * 1024 + 1));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses random data pretending to be a zip, never a 500', async () => {
    const res = await upload(Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(4096)]));
    expect(res.status).toBe(400);
  });
});
