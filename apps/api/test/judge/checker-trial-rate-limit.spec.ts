import { bearer, createAdmin, createTestApp, TestApp, TestSession } from '@oj/api-testing';

const TRIALS_PER_MINUTE = 2;
const TRIAL = { source: 'int main() { return 0; }\n', languageId: 54, input: '1\n', output: '1\n', answer: '1\n' };

/**
 * Each checker trial compiles author code on a worker, so trials are limited per account. This app has no worker:
 * an admitted trial answers 503, a trial past the limit 429 before anything else happens.
 */
describe('POST /api/judge/checker-trial rate limit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ CHECKER_TRIALS_PER_MINUTE: String(TRIALS_PER_MINUTE) });
  });
  afterAll(() => t.close());

  const trial = (session: TestSession) =>
    t
      .http()
      .post('/api/judge/checker-trial')
      .set(...bearer(session))
      .send(TRIAL);

  it('allows CHECKER_TRIALS_PER_MINUTE trials per user a minute, then answers a clear 429', async () => {
    const admin = await createAdmin(t);
    for (let i = 0; i < TRIALS_PER_MINUTE; i++) await trial(admin).expect(503);
    const refused = await trial(admin).expect(429);
    expect(refused.body).toEqual({
      message: 'You are trying checkers too often. Please wait a minute and try again.',
      code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another user has a budget of their own.
    await trial(await createAdmin(t)).expect(503);
  });
});
