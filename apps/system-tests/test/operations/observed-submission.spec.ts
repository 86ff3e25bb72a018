import { INestApplicationContext } from '@nestjs/common';
import { createAdmin, createProblem, createTestApp, problemBody, StdoutCapture, TestApp, TestSession } from '@oj/api-testing';
import { languagesKey } from '@oj/messaging';
import { randomBytes } from 'crypto';
import Redis from 'ioredis';

import { WorkerMetrics } from '../../../judge-worker/src/operations/worker-metrics';
import { startWorker } from '../worker-harness';

const SECRET_MARKER = `never_in_logs_${randomBytes(6).toString('hex')}`;
const SOURCE = `# ${SECRET_MARKER}\na, b = map(int, input().split())\nprint(a + b)`;
const PASSWORD = `pw-${randomBytes(8).toString('hex')}`;

/**
 * One submission followed through the logs and metrics of the API and a worker: the request id travels with the
 * job, no secret reaches a log line, and the metrics count the grading.
 */
describe('an observed submission', () => {
  const capture = new StdoutCapture();
  const requestId = `journey-${randomBytes(4).toString('hex')}`;
  let t: TestApp;
  let worker: INestApplicationContext | undefined;
  let admin: TestSession;
  let login: { accessToken: string; refreshToken: string };
  let submissionId: string;
  let metricsWhileQueued: string;

  beforeAll(async () => {
    capture.start();
    try {
      t = await createTestApp({ LOG_LEVEL: 'trace', METRICS_ALLOW_LOOPBACK: 'true' });
      admin = await createAdmin(t);
      const problemId = (await createProblem(t, admin, problemBody())).problemId;
      // A heartbeat without a worker yet: the submission waits in the queue, where the metrics see it.
      const redis = new Redis(t.config.REDIS_URL);
      await redis.set(languagesKey(t.config.REDIS_PREFIX), JSON.stringify([{ id: 71, name: 'Python 3' }]), 'EX', 90);
      redis.disconnect();

      const username = `observed_${randomBytes(3).toString('hex')}`;
      await t
        .http()
        .post('/api/auth/register')
        .send({ username, email: `${username}@example.com`, password: PASSWORD, confirmPassword: PASSWORD })
        .expect(201);
      login = (await t.http().post('/api/auth/login').send({ usernameOrEmail: username, password: PASSWORD }).expect(200)).body;
      const res = await t
        .http()
        .post('/api/submissions')
        .set('Authorization', `Bearer ${login.accessToken}`)
        .set('Cookie', `session=${login.refreshToken}`)
        .set('X-Request-Id', requestId)
        .send({ problemId, languageId: 71, sourceCode: SOURCE })
        .expect(201);
      expect(res.headers['x-request-id']).toBe(requestId);
      submissionId = res.body.submissionId;
      await new Promise((r) => setTimeout(r, 50));
      metricsWhileQueued = (await t.http().get('/metrics').expect(200)).text;

      worker = await startWorker(t, { LOG_LEVEL: 'trace' });
      for (let i = 0; i < 600; i++) {
        const s = (await t.http().get(`/api/submissions/${submissionId}`).set('Authorization', `Bearer ${login.accessToken}`).expect(200))
          .body.submission;
        if (!['queued', 'running'].includes(s.status)) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      // The job's last lines are written after the result is published.
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      capture.stop();
    }
  }, 180_000);

  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  it('logs the request id on every worker line about the job, from its start to its end', () => {
    const aboutJob = capture.lines.filter((l) => l.app === 'judge-worker' && l.submissionId === submissionId);
    expect(aboutJob.length).toBeGreaterThanOrEqual(2);
    expect(aboutJob.every((l) => l.requestId === requestId)).toBe(true);
    expect(aboutJob.map((l) => l.msg)).toEqual(
      expect.arrayContaining([expect.stringMatching(/judge job .* started/), expect.stringMatching(/judge job .* done in \d+ ms/)]),
    );
    const workerLinesNamingIt = capture.lines.filter((l) => l.app === 'judge-worker' && JSON.stringify(l).includes(submissionId));
    expect(workerLinesNamingIt.every((l) => l.requestId === requestId)).toBe(true);
    const apiLine = capture.lines.find((l) => l.app === 'api' && l.requestId === requestId);
    expect(apiLine).toMatchObject({ req: { method: 'POST', url: '/api/submissions' }, res: { statusCode: 201 } });
  });

  it('writes no password, token, cookie or source code to any log line', () => {
    const text = capture.text;
    expect(capture.lines.length).toBeGreaterThan(5);
    for (const secret of [PASSWORD, login.accessToken, login.refreshToken, SECRET_MARKER, 'map(int, input()'])
      expect(text).not.toContain(secret);
    // The credential headers are there and masked, not merely absent.
    expect(text).toContain('"authorization":"[redacted]"');
    expect(text).toContain('"cookie":"[redacted]"');
  });

  it('shows the waiting job in the API metrics while no worker runs', () => {
    expect(metricsWhileQueued).toMatch(/^oj_queue_depth\{queue="judge"\} 1$/m);
    expect(metricsWhileQueued).toMatch(/^oj_queue_jobs\{queue="judge",state="waiting"\} 1$/m);
    const age = Number(/^oj_queue_oldest_waiting_age_seconds\{queue="judge"\} (\S+)$/m.exec(metricsWhileQueued)?.[1]);
    expect(age).toBeGreaterThan(0);
  });

  it('shows the empty queue, latency by route pattern and open streams in the API metrics after grading', async () => {
    const text = (await t.http().get('/metrics').expect(200)).text;
    expect(text).toMatch(/^oj_queue_depth\{queue="judge"\} 0$/m);
    expect(text).toMatch(/^oj_queue_oldest_waiting_age_seconds\{queue="judge"\} 0$/m);
    expect(text).toMatch(/^oj_live_streams_open 0$/m);
    expect(text).toMatch(/^oj_http_request_duration_seconds_count\{method="POST",route="\/api\/submissions",status="201"\} 1$/m);
    expect(text).toMatch(
      /^oj_http_request_duration_seconds_bucket\{le="0.5",method="GET",route="\/api\/submissions\/:id",status="200"\} \d+$/m,
    );
    // The route pattern, never the raw URL: no submission id in any label.
    expect(text).not.toContain(submissionId);
  });

  it('counts the verdict, the tests run and the grading time by language in the worker metrics', async () => {
    const text = await worker!.get(WorkerMetrics).registry.metrics();
    expect(text).toMatch(/^oj_verdicts_total\{language="Python 3",status="accepted"\} 1$/m);
    expect(text).toMatch(/^oj_tests_run_total\{language="Python 3"\} 2$/m);
    expect(text).toMatch(/^oj_grading_duration_seconds_count\{language="Python 3"\} 1$/m);
    expect(text).toMatch(/^oj_grading_duration_seconds_bucket\{le="\+Inf",language="Python 3"\} 1$/m);
  });

  it('times each stage of the submission in the worker metrics, each test its run and its check', async () => {
    const text = await worker!.get(WorkerMetrics).registry.metrics();
    const count = (stage: string) =>
      Number(new RegExp(`^oj_grading_stage_seconds_count\\{stage="${stage}"\\} (\\S+)$`, 'm').exec(text)?.[1]);
    for (const stage of ['queue_wait', 'job_start', 'load', 'mark_running', 'box', 'compile', 'result_write', 'event_publish'])
      expect([stage, count(stage)]).toEqual([stage, 1]);
    expect(count('run')).toBe(2);
    expect(count('check')).toBe(2);
    // The job waited in the queue until the worker started, at least the 50 ms the test slept.
    const queued = Number(/^oj_grading_stage_seconds_sum\{stage="queue_wait"\} (\S+)$/m.exec(text)?.[1]);
    expect(queued).toBeGreaterThanOrEqual(0.05);
  });
});
