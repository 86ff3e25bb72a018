import { INestApplicationContext } from '@nestjs/common';
import { bearer, createAdmin, createTestApp, problemBody, registerUser, TestApp } from '@oj/api-testing';
import { LiveEvent } from '@oj/contracts';
import { ProblemEntity, SubmissionEntity } from '@oj/db';
import { liveEventsChannel } from '@oj/messaging';
import { ChildProcess } from 'child_process';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';

import { spawnCompiledWorker } from '../reliability/compiled-worker';
import { startWorker } from '../worker-harness';

// A second per test keeps the submission in grading long enough to kill its worker mid-way.
const SLOW_SUM = 'import time\na, b = map(int, input().split())\ntime.sleep(1)\nprint(a + b)';
const LOCK_MS = '1000';

describe('a judge worker killed mid-grading', () => {
  let t: TestApp;
  let child: ChildProcess | undefined;
  let rescuer: INestApplicationContext | undefined;
  let subscriber: Redis;
  const events: LiveEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    subscriber = new Redis(t.config.REDIS_URL);
    subscriber.on('message', (_c: string, message: string) => events.push(JSON.parse(message)));
    await subscriber.subscribe(liveEventsChannel(t.config.REDIS_PREFIX));
  }, 120_000);
  afterAll(async () => {
    child?.kill('SIGKILL');
    await rescuer?.close();
    subscriber.disconnect();
    await t.close();
  });

  it('hands the stalled job to a live worker, which grades it and counts it exactly once', async () => {
    const admin = await createAdmin(t);
    const user = await registerUser(t);
    const tests = [1, 2, 3, 4].map((n) => ({ input: `${n} ${n}\n`, output: `${2 * n}\n`, points: 1 }));
    const problemId = (
      await t
        .http()
        .post('/api/problems')
        .set(...bearer(admin))
        .send(problemBody({ testCases: tests, cpuTimeLimit: 1 }))
        .expect(201)
    ).body.problemId;
    const problems = t.app.get(DataSource).getRepository(ProblemEntity);
    const submissions = t.app.get(DataSource).getRepository(SubmissionEntity);

    const { DATABASE_URL, REDIS_URL, REDIS_PREFIX } = t.config;
    child = spawnCompiledWorker({ DATABASE_URL, REDIS_URL, REDIS_PREFIX, JOB_LOCK_MS: LOCK_MS });
    const id = (
      await t
        .http()
        .post('/api/submissions')
        .set(...bearer(user))
        .send({ problemId, languageId: 71, sourceCode: SLOW_SUM })
        .expect(201)
    ).body.submissionId;
    // Kill it once it has started the tests: the row says running and some progress was published. A worker starting
    // on a loaded machine (a clean clone's first engines build their precompiled header) may take a while first.
    for (let i = 0; i < 1800 && !events.some((e) => e.id === id && e._eventType === 'progress'); i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(events.some((e) => e.id === id && e._eventType === 'progress')).toBe(true);
    child.kill('SIGKILL');
    await new Promise((r) => child?.once('exit', r));
    expect((await submissions.findOneByOrFail({ id })).status).toBe('running');

    rescuer = await startWorker(t, { JOB_LOCK_MS: LOCK_MS });
    let row = await submissions.findOneByOrFail({ id });
    for (let i = 0; i < 600 && !row.countedAt; i++) {
      await new Promise((r) => setTimeout(r, 100));
      row = await submissions.findOneByOrFail({ id });
    }
    expect(row).toMatchObject({ status: 'accepted', score: 100 });
    // Room for a duplicate to show up, were there one.
    await new Promise((r) => setTimeout(r, 2500));
    expect(events.filter((e) => e.id === id && e._eventType === 'finished')).toHaveLength(1);
    const problem = await problems.findOneByOrFail({ problemId });
    expect(problem).toMatchObject({ submissionCount: 1, acceptedSubmissionCount: 1 });
  }, 180_000);
});
