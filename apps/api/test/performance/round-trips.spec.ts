import { bearer, createAdmin, createProblem, createTestApp, problemBody, registerUser, TestApp, TestSession } from '@oj/api-testing';
import Redis from 'ioredis';
import { Client } from 'pg';

/**
 * The regression guard of the submit path, the problem archive and the profile: how many SQL statements and Redis commands
 * one request costs, as counts rather than timings, so a slowdown shows as a changed number and never as a flaky
 * timer. The figures below are the current design; a change that adds a round trip must change them on purpose
 * (and say why in bench/BENCHMARKS.md), and one that removes a round trip lowers them.
 */
describe('round trips per request', () => {
  let t: TestApp;
  let admin: TestSession;
  let user: TestSession;
  let problemId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    user = await registerUser(t);
    problemId = (await createProblem(t, admin, problemBody())).problemId;
  });
  afterAll(() => t.close());

  /** The SQL statements and Redis commands every connection of this process sends while `run` runs. */
  async function count(run: () => Promise<unknown>): Promise<{ sql: string[]; redis: string[] }> {
    const sql: string[] = [];
    const redis: string[] = [];
    const realQuery = Client.prototype.query;
    const realSend = Redis.prototype.sendCommand;
    const query = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
      const { text, name } =
        typeof args[0] === 'string' ? { text: args[0], name: undefined } : (args[0] as { text?: string; name?: string });
      // A named (prepared) statement is marked: PostgreSQL plans it once per connection.
      sql.push(`${name ? '[prepared] ' : ''}${String(text).replace(/\s+/g, ' ').trim()}`);
      return (realQuery as (...a: unknown[]) => unknown).apply(this, args) as never;
    });
    const send = jest.spyOn(Redis.prototype, 'sendCommand').mockImplementation(function (this: Redis, command) {
      redis.push(String((command as unknown as { name: string }).name).toUpperCase());
      return realSend.call(this, command);
    });
    try {
      await run();
    } finally {
      query.mockRestore();
      send.mockRestore();
    }
    return { sql, redis };
  }

  const submit = (session: TestSession) =>
    t
      .http()
      .post('/api/submissions')
      .set(...bearer(session))
      .send({ problemId, languageId: 71, sourceCode: 'print(1)' })
      .expect(201);

  /** A count, with the statements or commands themselves shown when it differs. */
  const counted = (items: string[]) => ({ count: items.length, items });
  const expectCount = (items: string[], count: number) => expect(counted(items)).toEqual({ count, items: expect.any(Array) });

  it('POST /api/submissions by a user: 6 statements, 4 Redis commands', async () => {
    await submit(user); // warm-up: Bull's scripts loaded, the languages cached
    const { sql, redis } = await count(() => submit(user));
    // The caller's account (auth), the problem's access columns, then BEGIN, the lock on the caller's row, one
    // INSERT … SELECT that counts the waiting submissions and returns the new row, COMMIT. No read-back.
    expectCount(sql, 6);
    expect(sql[1]).not.toMatch(/statement/);
    // The engine's liveness (languages), the per-minute counter, Bull's add, the live event.
    expectCount(redis, 4);
    expect(redis).toEqual(['GET', 'EVALSHA', 'EVALSHA', 'PUBLISH']);
  });

  it('POST /api/submissions by an admin, who has no limits: 3 statements, 3 Redis commands', async () => {
    await submit(admin);
    const { sql, redis } = await count(() => submit(admin));
    // Auth, the problem, one INSERT … RETURNING outside any transaction.
    expectCount(sql, 3);
    expect(sql[2]).toMatch(/^INSERT INTO submissions .* RETURNING/);
    expect(redis).toEqual(['GET', 'EVALSHA', 'PUBLISH']);
  });

  const listProblems = (session?: TestSession) => {
    const get = t.http().get('/api/problems?limit=100');
    return (session ? get.set(...bearer(session)) : get).expect(200);
  };

  it('GET /api/problems by a guest: 1 statement, no Redis command', async () => {
    await listProblems();
    const { sql, redis } = await count(() => listProblems());
    // The page's JSON and its count, written by PostgreSQL in one statement; no look-up for a caller without a token.
    expectCount(sql, 1);
    expect(sql[0]).toMatch(/^\[prepared\] .*count\(\*\).*json_build_object/);
    expect(sql[0]).not.toMatch(/statement|samples|input_format/);
    expectCount(redis, 0);
  });

  it('GET /api/users/{username}/dashboard by a guest: 5 statements, no Redis command', async () => {
    const profile = () => t.http().get(`/api/users/${user.user.username}/dashboard`).expect(200);
    await profile();
    const { sql, redis } = await count(profile);
    // The user, then four reads of their rows side by side: tried problems, the year's heatmap, the latest accepted
    // (LIMIT), the languages (LIMIT); each filtered on user_id, so served by the (user_id, created_at) index.
    expectCount(sql, 5);
    expect(sql.slice(1).every((statement) => /WHERE s\.user_id = \$1/.test(statement))).toBe(true);
    expect(sql.filter((statement) => /LIMIT/.test(statement))).toHaveLength(2);
    expectCount(redis, 0);
  });

  it('GET /api/problems by a user: 2 statements, no Redis command', async () => {
    await listProblems(user);
    const { sql, redis } = await count(() => listProblems(user));
    // The caller's account (auth), then the list.
    expectCount(sql, 2);
    expect(sql[1]).toMatch(/^\[prepared\] .*json_build_object/);
    expectCount(redis, 0);
  });
});
