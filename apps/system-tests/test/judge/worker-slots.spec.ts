import { getQueueToken } from '@nestjs/bull';
import { INestApplicationContext } from '@nestjs/common';
import { bearer, createAdmin, createProblem, createTestApp, createUserWithRole, problemBody, TestApp, TestSession } from '@oj/api-testing';
import { FINAL_STATUSES, RUN_CEILING, RunResult, SubmissionStatus } from '@oj/contracts';
import { RUN_QUEUE } from '@oj/messaging';
import { Queue } from 'bull';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'fs';
import { AddressInfo } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';

import { removeBoxDir } from '../../../judge-worker/src/engines/local/private-mounts';
import { startWorker } from '../worker-harness';

const BUSY = 'while True: pass';
const SLEEPY = 'import time\ntime.sleep(600)';
const PY_SUM = 'a, b = map(int, input().split())\nprint(a + b)';
/** How long a cancelled run's program may outlive its cancel. */
const KILLED_WITHIN_MS = 3000;
/** This file's worker's work root: its boxes, told apart from other files' by it. */
const workRoot = mkdtempSync(join(tmpdir(), 'oj-worker-slots-'));

// Runs of several seconds on a real worker, on a machine other tests load too.
jest.setTimeout(180_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, done: () => boolean | Promise<boolean>, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms: ${what}`);
    await sleep(50);
  }
}

/**
 * Pids of the Python programs (python3 … /box/main.py) running in boxes of this file's worker: those with a box
 * of its work root among their ancestors (bwrap's command line binds the box's directory there). Not "descendants
 * of this process": other files' workers run in other threads of the same Jest process. A fork server
 * (fork-server.ts: `python3 -S -c <server> /box/main.py`) runs no user code, so it is not a program, whether it
 * waits in a warm slot or serves a submission; the child it forks for a test keeps its command line, and is one
 * once it has its go message (until then it holds its go FIFO, fork-server.py `_fork`).
 */
function ourBoxPrograms(): number[] {
  const parents = new Map<number, number>();
  const ourBoxes = new Set<number>();
  const programs: number[] = [];
  const servers = new Set<number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (argv.includes('/box/main.py')) programs.push(Number(entry));
      if (argv.includes('-c')) servers.add(Number(entry));
      if (argv.some((arg) => arg.startsWith(`${workRoot}/`))) ourBoxes.add(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  const ours = (pid: number) => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; p = parents.get(p) ?? 0, hops++) if (ourBoxes.has(p)) return true;
    return false;
  };
  const forked = (pid: number) => servers.has(parents.get(pid) ?? 0) && !waitsForItsTest(pid);
  return programs.filter((pid) => ours(pid) && (forked(pid) || !servers.has(pid)));
}

function waitsForItsTest(pid: number): boolean {
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => readlinkSync(`/proc/${pid}/fd/${fd}`).includes('/go-'));
  } catch {
    return false;
  }
}

/**
 * Issue 20: a user's runs (and validations) must never stall grading. The worker has two slots: submissions keep
 * both, runs share one, and a run whose caller goes is killed at once.
 */
describe('runs never keep graded submissions from a worker slot', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let problemId: number;
  let base: string;
  let runQueue: Queue;
  const user = () => createUserWithRole(t, 'user');

  beforeAll(async () => {
    t = await createTestApp({ RUNS_PER_MINUTE: '100', VALIDATE_TIMEOUT_MS: '120000' });
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    problemId = (await createProblem(t, await createAdmin(t), problemBody({ cpuTimeLimit: 30, memoryLimit: 64 }))).problemId;
    runQueue = t.app.get<Queue>(getQueueToken(RUN_QUEUE));
    worker = await startWorker(t, { WORKER_CONCURRENCY: '2', SANDBOX_WORK_ROOT: workRoot });
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    // The engine's toolchain copy is a tmpfs of its own until this process exits.
    for (const name of readdirSync(workRoot)) removeBoxDir(join(workRoot, name));
    rmSync(workRoot, { recursive: true, force: true });
  });

  afterEach(async () => {
    // Each test ends with no program of its own left running, whatever happened.
    await until('the boxes are empty', () => ourBoxPrograms().length === 0, 30_000);
  });

  /** A run of `source` on the 30 s problem over a real connection, which `abort` closes (the caller goes). */
  function startRun(session: TestSession, source: string) {
    const connection = new AbortController();
    const answer = fetch(`${base}/api/judge/run`, {
      method: 'POST',
      headers: { [bearer(session)[0]]: bearer(session)[1], 'content-type': 'application/json' },
      body: JSON.stringify({ problemId, languageId: 71, sourceCode: source, stdin: '' }),
      signal: connection.signal,
    }).then(
      async (res) => ({ status: res.status, body: (await res.json()) as RunResult | null }),
      // The caller went away: there is no answer.
      () => ({ status: 0, body: null }),
    );
    return { answer, abort: () => connection.abort() };
  }

  const runQueueIsEmpty = async () => {
    const counts = await runQueue.getJobCounts();
    return counts.active === 0 && counts.waiting === 0;
  };

  it('kills a run at once when its caller disconnects', async () => {
    const run = startRun(await user(), BUSY);
    // Its job active too: the test is about cancelling a running job (the worker fails it); a job cancelled while it
    // still waits is removed instead, and would leave no failed job to count.
    await until('the run is running', async () => ourBoxPrograms().length === 1 && (await runQueue.getActiveCount()) === 1, 30_000);
    const disconnected = Date.now();
    run.abort();
    await until('the program is killed', () => ourBoxPrograms().length === 0, KILLED_WITHIN_MS);
    expect(Date.now() - disconnected).toBeLessThan(KILLED_WITHIN_MS);
    await until('the job has ended', runQueueIsEmpty, KILLED_WITHIN_MS);
    expect(await runQueue.getFailedCount()).toBeGreaterThan(0);
  });

  it('kills a run at once when the API stops waiting for it (504)', async () => {
    // A second API instance on the same site that waits 2 s only.
    const impatient = await createTestApp({
      DATABASE_URL: t.config.DATABASE_URL,
      REDIS_PREFIX: t.config.REDIS_PREFIX,
      VALIDATE_TIMEOUT_MS: '2000',
    });
    try {
      const res = await impatient
        .http()
        .post('/api/judge/run')
        .set(...bearer(await user()))
        .send({ problemId, languageId: 71, sourceCode: BUSY, stdin: '' })
        .expect(504);
      expect(res.body.code).toBe('TIMEOUT');
      const timedOut = Date.now();
      await until('the program is killed', () => ourBoxPrograms().length === 0, KILLED_WITHIN_MS);
      expect(Date.now() - timedOut).toBeLessThan(KILLED_WITHIN_MS);
      await until('the job has ended', runQueueIsEmpty, KILLED_WITHIN_MS);
    } finally {
      await impatient.close();
    }
  });

  it('grades an innocent submission within 10 s while one user runs two sleeping and two busy programs', async () => {
    const mallory = await user();
    const runs = [SLEEPY, SLEEPY, BUSY, BUSY].map((source) => startRun(mallory, source));
    try {
      await until('the runs hold what they may', () => ourBoxPrograms().length >= 1, 30_000);
      const innocent = await user();
      const submitted = Date.now();
      const { submissionId } = (
        await t
          .http()
          .post('/api/submissions')
          .set(...bearer(innocent))
          .send({ problemId, languageId: 71, sourceCode: PY_SUM })
          .expect(201)
      ).body;
      let status: SubmissionStatus = 'queued';
      await until(
        'the submission is graded',
        async () => {
          const res = await t
            .http()
            .get(`/api/submissions/${submissionId}`)
            .set(...bearer(innocent))
            .expect(200);
          status = res.body.submission.status;
          return FINAL_STATUSES.includes(status);
        },
        10_000,
      );
      expect(status).toBe('accepted');
      expect(Date.now() - submitted).toBeLessThan(10_000);
      // Runs share one of the two slots: never more than one of them at once.
      expect(ourBoxPrograms().length).toBeLessThanOrEqual(1);
      expect((await runQueue.getJobCounts()).active).toBeGreaterThanOrEqual(1);
    } finally {
      for (const run of runs) run.abort();
    }
    await until('every run is cancelled', runQueueIsEmpty, 10_000);
  });

  it(`stops a run at ${RUN_CEILING.cpuSeconds} s of CPU or ${RUN_CEILING.wallSeconds} s of wall time, whatever the problem's limit`, async () => {
    // Python on a 30 s problem would get 90 s of CPU (its factor is 3) and 181 s of wall time.
    const session = await user();
    const cpuCeilingMs = RUN_CEILING.cpuSeconds * 1000;
    const wallCeilingMs = RUN_CEILING.wallSeconds * 1000;
    let started = Date.now();
    const busy = await startRun(session, BUSY).answer;
    const busyWallMs = Date.now() - started;
    expect(busy).toMatchObject({ status: 200, body: { status: 'tle' } });
    // The CPU is polled every 25 ms; on a loaded machine the wall ceiling may come first.
    expect(busy.body?.timeMs).toBeLessThanOrEqual(cpuCeilingMs + 500);
    if (busy.body?.message?.includes('wall clock')) expect(busyWallMs).toBeGreaterThanOrEqual(wallCeilingMs);
    else expect(busy.body?.timeMs).toBeGreaterThanOrEqual(cpuCeilingMs);
    expect(busyWallMs).toBeLessThan(wallCeilingMs + 8000);
    started = Date.now();
    const sleepy = await startRun(session, SLEEPY).answer;
    expect(sleepy).toMatchObject({ status: 200, body: { status: 'tle', message: expect.stringContaining('wall clock') } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(wallCeilingMs);
    expect(Date.now() - started).toBeLessThan(wallCeilingMs + 8000);
  });
});
