import { getQueueToken } from '@nestjs/bull';
import { INestApplicationContext } from '@nestjs/common';
import { bearer, createAdmin, createTestApp, problemBody, registerUser, TestApp, TestSession } from '@oj/api-testing';
import { ProblemEntity } from '@oj/db';
import { VALIDATE_QUEUE } from '@oj/messaging';
import { Queue } from 'bull';
import { DataSource } from 'typeorm';

import { startWorker } from '../worker-harness';

const tests = [
  { index: 0, input: '1 2\n', output: '3\n', points: 1 },
  { index: 1, input: '2 2\n', output: '4\n', points: 3 },
];

describe('languages and test validation', () => {
  let t: TestApp;
  let admin: TestSession;
  let worker: INestApplicationContext | undefined;
  beforeAll(async () => {
    t = await createTestApp({ VALIDATE_TIMEOUT_MS: '1500' });
    admin = await createAdmin(t);
  });
  afterAll(async () => {
    await worker?.close();
    await t.close();
  });

  it('without a worker: languages and validation answer 503', async () => {
    const res = await t.http().get('/api/languages').expect(503);
    expect(res.body).toEqual({
      message: 'No judge worker is running. Start one with npm start or the judge-worker app.',
      code: 'SERVICE_UNAVAILABLE',
    });
    await t
      .http()
      .post('/api/judge/validate')
      .set(...bearer(admin))
      .send({ languageId: 71, sourceCode: 'print(1)', testCases: tests })
      .expect(503);
  });

  it('is for admins and problem authors only', async () => {
    const user = await registerUser(t);
    await t.http().post('/api/judge/validate').send({}).expect(401);
    const refused = await t
      .http()
      .post('/api/judge/validate')
      .set(...bearer(user))
      .send({})
      .expect(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    const created = await t
      .http()
      .post('/api/problems')
      .set(...bearer(admin))
      .send(problemBody())
      .expect(201);
    await t.app.get(DataSource).getRepository(ProblemEntity).update({ problemId: created.body.problemId }, { authorId: user.user.id });
    // Past the guard: the author reaches the body checks.
    const res = await t
      .http()
      .post('/api/judge/validate')
      .set(...bearer(user))
      .send({ languageId: 71, sourceCode: '', testCases: tests })
      .expect(400);
    expect(res.body.details).toEqual([{ path: 'sourceCode', message: 'Reference solution is required.' }]);
  });

  it.each([
    ['no test cases', { testCases: [] }, 'testCases', 'At least one test case is required before validation.'],
    ['missing test cases', { testCases: undefined }, 'testCases', 'At least one test case is required before validation.'],
    ['missing source', { sourceCode: undefined }, 'sourceCode', 'Reference solution is required.'],
    ['source over 64 KiB', { sourceCode: 'x'.repeat(64 * 1024 + 1) }, 'sourceCode', 'Source code must be at most 64 KiB.'],
    ['a language name', { languageId: 'python' }, 'languageId', 'Select a language.'],
    ['CPU limit 31 s', { cpuTimeLimit: 31 }, 'cpuTimeLimit', 'CPU time limit must be between 0.1 and 30 seconds.'],
    ['CPU limit 0.05 s', { cpuTimeLimit: 0.05 }, 'cpuTimeLimit', 'CPU time limit must be between 0.1 and 30 seconds.'],
    ['memory 8 MB', { memoryLimit: 8 }, 'memoryLimit', 'Memory limit must be between 16 and 1024 MB.'],
    ['memory 2048 MB', { memoryLimit: 2048 }, 'memoryLimit', 'Memory limit must be between 16 and 1024 MB.'],
  ])('refuses %s with a VALIDATION_ERROR on the field', async (_label, override, path, message) => {
    const body = { languageId: 71, sourceCode: 'print(3)', cpuTimeLimit: 1, memoryLimit: 64, testCases: tests, ...override };
    const res = await t
      .http()
      .post('/api/judge/validate')
      .set(...bearer(admin))
      .send(body)
      .expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path, message }] });
  });

  it('answers 504 when the worker never answers', async () => {
    // A live-looking worker (its language key) that consumes nothing.
    const redis = t.app.get<import('ioredis').default>((await import('../../../api/src/redis/redis.module')).REDIS);
    await redis.set(`${t.config.REDIS_PREFIX}:languages`, JSON.stringify([{ id: 71, name: 'Python' }]), 'EX', 5);
    const res = await t
      .http()
      .post('/api/judge/validate')
      .set(...bearer(admin))
      .send({ languageId: 71, sourceCode: 'print(3)', testCases: tests })
      .expect(504);
    expect(res.body).toEqual({ message: 'Validation timed out. Is a judge worker running?', code: 'TIMEOUT' });
    // The abandoned job is removed, so a worker starting later does not run it for nobody.
    expect(await t.app.get<Queue>(getQueueToken(VALIDATE_QUEUE)).getWaitingCount()).toBe(0);
    const unknown = await t
      .http()
      .post('/api/judge/validate')
      .set(...bearer(admin))
      .send({ languageId: 999, sourceCode: 'x', testCases: tests })
      .expect(400);
    expect(unknown.body.details).toEqual([{ path: 'languageId', message: 'This language is not available on the judge.' }]);
    await redis.del(`${t.config.REDIS_PREFIX}:languages`);
  });

  it('with a worker: lists the languages and validates a reference solution', async () => {
    worker = await startWorker(t);
    // A second API instance: the first one still caches the fake list of the previous test.
    const fresh = await createTestApp({
      DATABASE_URL: t.config.DATABASE_URL,
      REDIS_PREFIX: t.config.REDIS_PREFIX,
      VALIDATE_TIMEOUT_MS: '30000',
    });
    try {
      const languages = (await fresh.http().get('/api/languages').expect(200)).body;
      expect(languages).toEqual(
        expect.arrayContaining([
          { id: 71, name: expect.stringMatching(/^Python/) },
          { id: 54, name: expect.stringMatching(/^C\+\+/) },
        ]),
      );
      const good = await fresh
        .http()
        .post('/api/judge/validate')
        .set(...bearer(await createAdmin(fresh)))
        .send({
          languageId: 71,
          sourceCode: 'a, b = map(int, input().split())\nprint(a + b)',
          cpuTimeLimit: 1,
          memoryLimit: 64,
          testCases: tests,
        });
      expect(good.status).toBe(200);
      expect(good.body).toMatchObject({
        score: 100,
        cases: [
          { i: 0, s: 3, p: 1 },
          { i: 1, s: 3, p: 3 },
        ],
      });
      expect(good.body.maxExecTimeMs).toEqual(expect.any(Number));
      const half = await fresh
        .http()
        .post('/api/judge/validate')
        .set(...bearer(await createAdmin(fresh)))
        .send({
          languageId: 71,
          sourceCode: 'print(3)',
          testCases: tests,
        });
      expect(half.body).toMatchObject({
        score: 25,
        cases: [
          { i: 0, s: 3 },
          { i: 1, s: 4, p: 0 },
        ],
      });
      const ce = await fresh
        .http()
        .post('/api/judge/validate')
        .set(...bearer(await createAdmin(fresh)))
        .send({
          languageId: 54,
          sourceCode: 'int main( {',
          testCases: tests,
        });
      expect(ce.body).toMatchObject({
        score: 0,
        cases: [
          { i: 0, s: 6 },
          { i: 1, s: 6 },
        ],
      });
      expect(ce.body.compileOutput).toMatch(/error/);
    } finally {
      await fresh.close();
    }
  }, 60_000);

  it('is limited to VALIDATIONS_PER_MINUTE per account, with a clear 429', async () => {
    // The worker of the previous test; an API instance allowing two validations a minute.
    const strict = await createTestApp({
      DATABASE_URL: t.config.DATABASE_URL,
      REDIS_PREFIX: t.config.REDIS_PREFIX,
      VALIDATE_TIMEOUT_MS: '30000',
      VALIDATIONS_PER_MINUTE: '2',
    });
    try {
      const validate = (session: TestSession) =>
        strict
          .http()
          .post('/api/judge/validate')
          .set(...bearer(session))
          .send({ languageId: 71, sourceCode: 'print(3)', testCases: tests });
      const author = await createAdmin(strict);
      for (let i = 0; i < 2; i++) await validate(author).expect(200);
      const refused = await validate(author).expect(429);
      expect(refused.body).toEqual({
        message: 'You are validating tests too often. Please wait a minute and try again.',
        code: 'RATE_LIMITED',
      });
      expect(refused.headers['retry-after']).toEqual(expect.any(String));
      // Refused before its body is read: even a malformed one gets the 429.
      await strict
        .http()
        .post('/api/judge/validate')
        .set(...bearer(author))
        .send({})
        .expect(429);
      // Another author has a budget of their own.
      await validate(await createAdmin(strict)).expect(200);
    } finally {
      await strict.close();
    }
  }, 60_000);
});
