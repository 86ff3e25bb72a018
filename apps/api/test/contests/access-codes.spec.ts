import {
  bearer,
  contestBody,
  createAdmin,
  createContest,
  createProblem,
  createTestApp,
  problemBody,
  registerUser,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import { ACCESS_CODE_RULE } from '@oj/contracts';
import { DataSource } from 'typeorm';

const CODE = 'spring-2026-r1';

/**
 * Issue 32, item 5: a contest's access code resists guessing. It must be long and varied enough when saved, and wrong
 * codes are limited per account and per address (429 with Retry-After), before any code is compared.
 */
describe('contest access codes', () => {
  let t: TestApp;
  let admin: TestSession;
  let problemId: number;
  const http = () => t.http();

  beforeAll(async () => {
    t = await createTestApp({ ACCESS_CODE_FAILURES_PER_ACCOUNT: '5', ACCESS_CODE_FAILURES_PER_ADDRESS: '8' });
    admin = await createAdmin(t);
    problemId = (await createProblem(t, admin, problemBody())).problemId;
  });
  afterAll(() => t.close());

  const privateContest = (accessCode: unknown) => contestBody([problemId], -10, 50, { isPublic: false, accessCode });
  const register = (who: TestSession, contestId: number, accessCode: string, address = '198.51.100.1') =>
    http()
      .post(`/api/contests/${contestId}/register`)
      .set(...bearer(who))
      .set('X-Forwarded-For', address)
      .send({ accessCode });

  it('refuses a short or guessable code on create and update with a 400 that says the rule', async () => {
    for (const code of [
      '',
      'sesame',
      'abcdefghijkl',
      '1234567890',
      'spring 2026 r1',
      'spring/2026/r1',
      'ä1'.repeat(8),
      '-'.repeat(20),
      '1234567890123456',
      'x1'.repeat(51),
    ]) {
      const res = await http()
        .post('/api/contests')
        .set(...bearer(admin))
        .send(privateContest(code))
        .expect(400);
      expect([code, res.body.code, res.body.details]).toEqual([
        code,
        'VALIDATION_ERROR',
        [{ path: 'accessCode', message: ACCESS_CODE_RULE }],
      ]);
    }
    for (const code of ['abcde12345', 'correct-horse-battery', 'x1'.repeat(50)]) await createContest(t, admin, privateContest(code));
    const { contestId } = await createContest(t, admin, privateContest(CODE));
    const saved = await http()
      .put(`/api/contests/${contestId}`)
      .set(...bearer(admin))
      .send(privateContest('short1'))
      .expect(400);
    expect(saved.body.details).toEqual([{ path: 'accessCode', message: ACCESS_CODE_RULE }]);
  });

  it('keeps a short code saved before the rule working until the contest is saved again', async () => {
    const { contestId } = await createContest(t, admin, privateContest(CODE));
    await t.app.get(DataSource).query(`UPDATE contests SET access_code = 'old' WHERE contest_id = $1`, [contestId]);
    await register(await registerUser(t), contestId, 'old', '198.51.100.200').expect(200);
  });

  it('answers 429 with Retry-After past the wrong codes of an account, even to the right code, and counts only wrong ones', async () => {
    const { contestId } = await createContest(t, admin, privateContest(CODE));
    const guesser = await registerUser(t);
    for (let i = 0; i < 5; i++) {
      const wrong = await register(guesser, contestId, `guess-${i}-aaaa`, `203.0.113.${i}`).expect(403);
      expect(wrong.body.message).toBe('The access code is wrong.');
    }
    const limited = await register(guesser, contestId, CODE, '203.0.113.99').expect(429);
    expect(limited.body).toEqual({ code: 'RATE_LIMITED', message: 'Too many wrong access codes. Please wait and try again.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Another account is not slowed by it; right codes never count.
    const other = await registerUser(t);
    for (let i = 0; i < 7; i++) await register(other, contestId, CODE, '203.0.113.50').expect(200);
  });

  it('answers 429 past the wrong codes from one address, whichever accounts send them', async () => {
    const { contestId } = await createContest(t, admin, privateContest(CODE));
    const accounts = await Promise.all([registerUser(t), registerUser(t), registerUser(t), registerUser(t)]);
    for (const account of accounts) {
      await register(account, contestId, 'wrong-code-1', '192.0.2.7').expect(403);
      await register(account, contestId, 'wrong-code-2', '192.0.2.7').expect(403);
    }
    await register(await registerUser(t), contestId, CODE, '192.0.2.7').expect(429);
    await register(await registerUser(t), contestId, CODE, '192.0.2.8').expect(200);
  });

  it('stops a burst of guesses from one account after its budget, however fast they come', async () => {
    const { contestId } = await createContest(t, admin, privateContest(CODE));
    const guesser = await registerUser(t);
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => register(guesser, contestId, `burst-guess-${i}`, `198.18.0.${i}`).then((r) => r.status)),
    );
    // Each guess is counted before it is compared: five are told they are wrong, the rest refused unread.
    expect([statuses.filter((s) => s === 403).length, statuses.filter((s) => s === 429).length]).toEqual([5, 35]);
    await register(guesser, contestId, CODE, '198.18.1.1').expect(429);
  });
});
