import { bearer, createAdmin, createTestApp, problemBody, registerUser, TestApp, TestSession } from '@oj/api-testing';

/** Out-of-range numbers, wrong types and odd ids on every route that takes them: a 4xx, never a 5xx. */
describe('hostile input never reaches a 500', () => {
  let t: TestApp;
  let admin: TestSession;
  let user: TestSession;
  const huge = 99_999_999_999;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    user = await registerUser(t);
    await t
      .http()
      .post('/api/problems')
      .set(...bearer(admin))
      .send(problemBody())
      .expect(201);
  });
  afterAll(() => t.close());

  const cases: [string, string, string, unknown?][] = [
    ['POST', '/api/submissions', 'user', { problemId: huge, languageId: 71, sourceCode: 'x' }],
    ['POST', '/api/submissions', 'user', { problemId: 1, languageId: huge, sourceCode: 'x' }],
    ['POST', '/api/submissions', 'user', { problemId: 1.5, languageId: '71', sourceCode: ['x'] }],
    ['POST', '/api/submissions', 'user', { problemId: 1, languageId: 71, sourceCode: 'print(1)\u0000' }],
    ['GET', `/api/submissions?problemId=${huge}`, 'user'],
    ['GET', '/api/submissions?page=99999999999999', 'user'],
    ['GET', '/api/submissions?page=1e308', 'user'],
    ['GET', '/api/submissions?user=%25%5F%5C', 'user'],
    ['GET', '/api/submissions?dateFrom=2026-13-45', 'user'],
    ['GET', '/api/submissions?dateTo=0000-00-00', 'user'],
    ['GET', '/api/submissions/updates?since=99999-01-01T00:00:00Z', 'user'],
    ['GET', `/api/problems/${huge}`, 'user'],
    ['GET', `/api/problems/1/submissions?page=${huge}`, 'user'],
    ['GET', '/api/dashboard/me/heatmap?year=99999', 'user'],
    ['GET', '/api/users/%00/dashboard', 'user'],
    ['PUT', '/api/problems/1', 'admin', problemBody({ judge0LanguageIds: [huge] })],
    ['PUT', '/api/problems/1', 'admin', problemBody({ cpuTimeLimit: '2', memoryLimit: 64.5, samples: 'none', testCases: [null] })],
    ['POST', '/api/problems', 'admin', problemBody({ testCases: [{ input: 'a', output: 'b', points: 1e308 }] })],
    ['POST', '/api/problems', 'admin', problemBody({ statement: 'nul \u0000 byte' })],
    ['PATCH', '/api/auth/me/profile', 'user', { bio: 'nul \u0000 byte' }],
    ['POST', '/api/judge/validate', 'admin', { languageId: huge, sourceCode: 'x', testCases: [{ input: '', output: '' }] }],
    ['PATCH', '/api/admin/users/%27/role', 'admin', { role: 'admin' }],
    ['PUT', '/api/announcements/1', 'admin', { title: 'a', body: 'b' }],
    ['POST', '/api/announcements', 'admin', { title: 'a'.repeat(5000), body: 'b', pinned: 'yes' }],
  ];

  it.each(cases.map(([method, url, who, body]) => ({ method, url, who, body })))('$method $url', async ({ method, url, who, body }) => {
    const session = who === 'admin' ? admin : user;
    const req = t
      .http()
      [method.toLowerCase() as 'get'](url)
      .set(...bearer(session));
    const res = body === undefined ? await req : await req.send(body as object);
    // 503 is an honest answer (no judge worker in this test); a 500 never is.
    expect(res.status === 503 || res.status < 500 ? 'ok' : `${res.status} ${JSON.stringify(res.body)}`).toBe('ok');
  });
});
