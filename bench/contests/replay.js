#!/usr/bin/env node
// Contest-day capacity: a realistic ICPC round replayed against one API and one judge worker (concurrency = cores)
// compressed into --minutes. Eight problems with real tests (bench/contests/replay-problems.js), --contestants
// users (inserted with one argon2 hash, logged in through the API, registered through it), each submission sent by
// its contestant with `POST /api/submissions` and the contest's id, in Python, C++ or Java, a quarter of them
// wrong, at the times of the arrival curve (bench/lib/replay-round.js: a rush in the first and the last tenth).
// --viewers clients stay on `GET /api/contests/{id}/scoreboard/stream` throughout, as the contestants (two streams
// each at full size), so each sees its own row live and the others' public.
//
// Measured:
// - verdict latency: from the start of the POST to the submission's `finished` event on the admin's live stream
//   (`GET /api/submissions/stream`, one stream carrying every submission's events);
// - the judge queue's depth: Bull's waiting + active jobs, sampled every second from Redis;
// - the scoreboard's staleness: for each verdict, from its `finishedAt` (written by the worker with the result) to
//   the matching `row` event at each viewer, and the part of it before the fan-out (to the row event's `emittedAt`,
//   stamped by the API as it builds the frames). Rows are matched to verdicts per contestant in order: every instance
//   derives one row event per finished event, in the order of the Redis channel, the admin stream's order too.
// Floors, in the same run: the bare compile and run of each language's accepted "Sorting" solution on its three
// tests (g++/javac/python3 with the judge's flags, no sandbox), and from them the round's offered load: the CPU the
// scheduled submissions would need done bare, as a share of the cores over the round.
// Usage: node bench/contests/replay.js [--minutes 10] [--contestants 500] [--viewers 1000] [--per-contestant 5]
//        [--drain-minutes 10] [--seed 25] [--quick]   (--quick: 1 minute, 50 contestants, 50 viewers)
const { mkdtempSync, rmSync, writeFileSync } = require('fs');
const { loadavg, tmpdir } = require('os');
const { join } = require('path');
const { Client } = require('pg');
const Redis = require('ioredis');
const { startStack, api, waitForLanguages, arg } = require('../submissions/stack');
const { openStream } = require('../submissions/sse');
const { cores, median, timedRun } = require('../lib/floors');
const { scheduleRound, spread, staleness, perMinute } = require('../lib/replay-round');
const { lib } = require('./seed');
const { PROBLEMS, LANGUAGE_IDS, EXPECTED_STATUS, sourceFor } = require('./replay-problems');

const QUICK = process.argv.includes('--quick');
const MINUTES = arg('minutes', QUICK ? 1 : 10);
const CONTESTANTS = arg('contestants', QUICK ? 50 : 500);
const VIEWERS = arg('viewers', QUICK ? 50 : 1000);
/**
 * Submissions per contestant in a 10-minute replay: 4–6 is what a real 2–3 hour round sees. A shorter or longer
 * replay keeps the rate (so --quick's 1 minute sends a tenth of it).
 */
const PER_CONTESTANT = arg('per-contestant', 5);
const DRAIN_MINUTES = arg('drain-minutes', Math.max(2, MINUTES));
const SEED = arg('seed', 25);
const ROUND_MS = MINUTES * 60_000;
/** Codeforces' language mix leans to C++; Python is next, then Java. */
const LANGUAGES = { cpp: 0.5, python: 0.3, java: 0.2 };
/** A quarter wrong: mostly wrong answers, some time limits and run-time errors. */
const OUTCOMES = { ok: 0.75, wa: 0.15, tle: 0.05, re: 0.05 };
/** Everyone sends A, fewer each later problem. */
const PROBLEM_WEIGHTS = [0.22, 0.18, 0.15, 0.13, 0.11, 0.09, 0.07, 0.05];
const PASSWORD = 'replay-password-1';
const LABELS = 'ABCDEFGH';

/** Runs `task` on every item, `concurrency` at a time, resolving with the results in order. */
async function inParallel(items, concurrency, task) {
  const results = new Array(items.length);
  let next = 0;
  const loop = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return results;
}

async function createProblems(stack) {
  const ids = [];
  for (const problem of PROBLEMS) {
    const created = await api(stack.baseUrl, 'POST', '/api/problems', stack.token, {
      title: problem.title,
      statement: problem.title,
      difficulty: 'EASY',
      isPublic: false,
      judge0LanguageIds: Object.values(LANGUAGE_IDS),
      testCases: problem.tests.map(([input, answer]) => ({ input, output: `${answer}\n`, points: 1 })),
      cpuTimeLimit: 1,
      memoryLimit: 256,
    });
    ids.push(created.problemId);
  }
  return ids;
}

/** The contestants: rows inserted with one argon2 hash (the API's own parameters), then each logged in through the API. */
async function createContestants(stack, db) {
  const argon2 = require('argon2');
  const hash = await argon2.hash(PASSWORD, { type: argon2.argon2id });
  await db.query(
    `INSERT INTO users (username, email, password_hash)
     SELECT 'rc' || g, 'rc' || g || '@example.com', $2 FROM generate_series(1, $1) g`,
    [CONTESTANTS, hash],
  );
  const names = Array.from({ length: CONTESTANTS }, (_, i) => `rc${i + 1}`);
  return inParallel(names, cores * 2, async (username) => {
    const login = await api(stack.baseUrl, 'POST', '/api/auth/login', null, { usernameOrEmail: username, password: PASSWORD });
    return { username, token: login.accessToken };
  });
}

/** The judge's floors on this machine: median bare compile and per-test run of each language's "Sorting" solution. */
async function bareFloors() {
  const dir = mkdtempSync(join(tmpdir(), 'oj-bench-replay-'));
  const sorting = PROBLEMS[2];
  const inputs = sorting.tests.map(([input]) => input);
  const steps = {
    cpp: {
      file: 'main.cpp',
      compile: ['g++', ['-x', 'c++', '-O2', '-std=gnu++20', '-pipe', '-o', join(dir, 'main'), join(dir, 'main.cpp')]],
      run: [join(dir, 'main'), []],
    },
    java: {
      file: 'Main.java',
      compile: [
        'javac',
        ['-J-Xmx384m', '-J-XX:+UseSerialGC', '-J-XX:-UsePerfData', '-encoding', 'UTF-8', '-d', dir, join(dir, 'Main.java')],
      ],
      run: ['java', ['-Xmx256m', '-Xss16m', '-XX:+UseSerialGC', '-XX:-UsePerfData', '-XX:TieredStopAtLevel=1', '-cp', dir, 'Main']],
    },
    python: { file: 'main.py', compile: null, run: ['/usr/bin/python3', ['-S', join(dir, 'main.py')]] },
  };
  try {
    const floors = {};
    for (const [language, step] of Object.entries(steps)) {
      writeFileSync(join(dir, step.file), sorting[language]);
      const compiles = [];
      const runs = [];
      for (let i = 0; i < 3; i++) {
        if (step.compile) compiles.push(await timedRun(...step.compile));
        for (const input of inputs) runs.push(await timedRun(step.run[0], step.run[1], input));
      }
      floors[language] = { compileMs: compiles.length ? median(compiles) : 0, runMs: median(runs) };
    }
    return floors;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The CPU the round's submissions would take done bare, as a share of the cores over the round: each a compile,
 * then its tests until the first failure (a time limit costing its CPU limit, as the judge lets it run that long).
 */
function offeredLoad(round, floors) {
  const { DEFAULT_TIME_FACTORS, effectiveCpuTimeLimit } = lib('contracts');
  let cpuMs = 0;
  for (const s of round) {
    const { compileMs, runMs } = floors[s.language];
    const limitMs = effectiveCpuTimeLimit(DEFAULT_TIME_FACTORS, LANGUAGE_IDS[s.language], 1) * 1000;
    const tests = PROBLEMS[s.problem].tests.length;
    cpuMs += compileMs + (s.outcome === 'ok' ? tests * runMs : s.outcome === 'tle' ? limitMs : runMs);
  }
  return { bareCpuSeconds: Math.round(cpuMs / 1000), shareOfCores: +(cpuMs / (cores * ROUND_MS)).toFixed(2) };
}

/** Samples Bull's waiting + active judge jobs every second until `stop()`. */
function sampleQueue(stack, startedAt) {
  const redis = new Redis(stack.redisUrl);
  const key = (list) => `${stack.redisPrefix}:judge:${list}`;
  const samples = [];
  const timer = setInterval(async () => {
    const atMs = Date.now() - startedAt;
    try {
      const [[, waiting], [, paused], [, active]] = await redis.pipeline().llen(key('wait')).llen(key('paused')).llen(key('active')).exec();
      samples.push({ atMs, waiting: waiting + paused, active, depth: waiting + paused + active });
    } catch {
      // A sample lost as the sampler stops: the series has a gap, nothing more.
    }
  }, 1000);
  return {
    samples,
    stop: () => {
      clearInterval(timer);
      redis.disconnect();
    },
  };
}

/**
 * The viewers' streams. Each row event is recorded by contestant and by its place among that contestant's row
 * events at that viewer: `arrivals.get(username)[k]` holds when the API stamped the contestant's k-th row
 * (`emittedMs`, as it built the frames) and when each viewer received it (`at`).
 */
async function openViewers(stack, contestId, contestants) {
  const arrivals = new Map();
  const streams = [];
  for (let i = 0; i < VIEWERS; i += 50) {
    const batch = Array.from({ length: Math.min(50, VIEWERS - i) }, (_, j) => {
      const seen = new Map();
      const viewer = contestants[(i + j) % contestants.length];
      return openStream(stack.baseUrl, `/api/contests/${contestId}/scoreboard/stream`, viewer.token, (event, at) => {
        if (event.eventType !== 'row') return;
        const username = event.row.username;
        const k = seen.get(username) ?? 0;
        seen.set(username, k + 1);
        if (!arrivals.has(username)) arrivals.set(username, []);
        const slots = arrivals.get(username);
        (slots[k] ??= { emittedMs: Date.parse(event.emittedAt), at: [] }).at.push(at);
      });
    });
    streams.push(...(await Promise.all(batch)));
  }
  return { arrivals, close: () => streams.forEach((s) => s.close()) };
}

/** Resolves once `done()` holds, or after `ms`. */
async function until(done, ms) {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

const fmt = (x) => (x === null || x === undefined ? '–' : Math.round(x).toString());

function printTable(minutes) {
  const lines = ['minute | submitted | latency p50 / p95 / p99 ms | max queue | staleness median / worst ms'];
  for (const m of minutes)
    lines.push(
      `${m.minute} | ${m.submissions} | ${fmt(m.latency.p50)} / ${fmt(m.latency.p95)} / ${fmt(m.latency.p99)} | ${m.maxQueueDepth} | ` +
        `${fmt(m.staleness.median)} / ${fmt(m.staleness.worst)}`,
    );
  console.error(lines.join('\n'));
}

async function main() {
  const loadBefore = loadavg();
  // Every viewer stream comes from one address, two per contestant at full size: the caps are raised to fit.
  const stack = await startStack({
    env: { LIVE_STREAMS_PER_USER: String(Math.ceil(VIEWERS / CONTESTANTS) + 2), LIVE_STREAMS_PER_IP: String(VIEWERS + 10) },
  });
  const db = new Client({ connectionString: stack.databaseUrl });
  await db.connect();
  let viewers;
  const streams = [];
  try {
    const languages = await waitForLanguages(stack);
    for (const id of Object.values(LANGUAGE_IDS))
      if (!languages.some((l) => l.id === id)) throw new Error(`The worker offers no language ${id}`);
    const floors = await bareFloors();
    const problemIds = await createProblems(stack);
    const contestants = await createContestants(stack, db);
    const now = Date.now();
    const contest = await api(stack.baseUrl, 'POST', '/api/contests', stack.token, {
      title: 'Replayed round',
      format: 'icpc',
      startsAt: new Date(now - 1000).toISOString(),
      // The round starts once everyone is registered; the contest outlasts it, so no submission is practice.
      endsAt: new Date(now + ROUND_MS + 30 * 60_000).toISOString(),
      problems: problemIds.map((problemId, i) => ({ problemId, label: LABELS[i] })),
    });
    const { contestId } = contest;
    await inParallel(contestants, 8, (c) => api(stack.baseUrl, 'POST', `/api/contests/${contestId}/register`, c.token, {}));
    viewers = await openViewers(stack, contestId, contestants);

    const finished = new Map();
    const finishedByUser = new Map();
    streams.push(
      await openStream(stack.baseUrl, '/api/submissions/stream', stack.token, (event, at) => {
        if (event._eventType !== 'finished' || finished.has(event.id)) return;
        const verdict = { at, status: event.status, finishedAtMs: Date.parse(event.finishedAt), username: event.userName };
        finished.set(event.id, verdict);
        if (!finishedByUser.has(event.userName)) finishedByUser.set(event.userName, []);
        finishedByUser.get(event.userName).push(event.id);
      }),
    );

    const round = scheduleRound({
      contestants: CONTESTANTS,
      perContestant: (PER_CONTESTANT * MINUTES) / 10,
      roundMs: ROUND_MS,
      seed: SEED,
      languages: LANGUAGES,
      outcomes: OUTCOMES,
      problemWeights: PROBLEM_WEIGHTS,
    });
    const sent = [];
    const rejected = [];
    const startedAt = Date.now();
    const queue = sampleQueue(stack, startedAt);
    console.error(`[replay] round of ${round.length} submissions over ${MINUTES} min, ${VIEWERS} viewers open`);
    await Promise.all(
      round.map(
        (s) =>
          new Promise((resolve) =>
            setTimeout(
              async () => {
                const contestant = contestants[s.contestant];
                const postedAt = Date.now();
                try {
                  const { submissionId } = await api(stack.baseUrl, 'POST', '/api/submissions', contestant.token, {
                    problemId: problemIds[s.problem],
                    languageId: LANGUAGE_IDS[s.language],
                    sourceCode: sourceFor(s.problem, s.language, s.outcome),
                    contestId,
                  });
                  sent.push({ ...s, id: submissionId, postedAt, submittedMs: postedAt - startedAt });
                } catch (error) {
                  rejected.push({ ...s, error: error.message.slice(0, 200) });
                }
                resolve();
              },
              Math.max(0, startedAt + s.atMs - Date.now()),
            ),
          ),
      ),
    );
    const roundEndedAt = Date.now();
    await until(() => sent.every((s) => finished.has(s.id)), DRAIN_MINUTES * 60_000);
    const drainedMs = Date.now() - roundEndedAt;
    // The last verdicts' rows are on their way to the viewers.
    await new Promise((r) => setTimeout(r, 3000));
    queue.stop();

    const verdicts = [];
    const wrongVerdicts = {};
    const drainEndedAt = Date.now();
    for (const s of sent) {
      const verdict = finished.get(s.id);
      // Unfinished after the drain: its latency is at least this long, and counts so (a lower bound).
      if (!verdict) {
        const noRow = { median: null, worst: null, missing: 0 };
        verdicts.push({ submittedMs: s.submittedMs, latencyMs: drainEndedAt - s.postedAt, language: s.language, staleness: noRow });
        continue;
      }
      if (verdict.status !== EXPECTED_STATUS[s.outcome]) {
        const key = `${s.language} ${s.outcome} → ${verdict.status}`;
        wrongVerdicts[key] = (wrongVerdicts[key] ?? 0) + 1;
      }
      const k = finishedByUser.get(verdict.username).indexOf(s.id);
      const rows = viewers.arrivals.get(verdict.username)?.[k];
      verdicts.push({
        submittedMs: s.submittedMs,
        latencyMs: verdict.at - s.postedAt,
        language: s.language,
        staleness: staleness(verdict.finishedAtMs, rows?.at ?? [], VIEWERS),
        // The part before the fan-out: the worker's commit and publish, the API's reads of the changed row.
        beforeFanOutMs: rows ? rows.emittedMs - verdict.finishedAtMs : null,
      });
    }
    const finishedCount = sent.filter((s) => finished.has(s.id)).length;
    const minutes = perMinute(verdicts, queue.samples, ROUND_MS);
    printTable(minutes);
    const stale = verdicts.map((v) => v.staleness).filter((s) => s.median !== null);
    const worst = verdicts.reduce((w, v) => (v.staleness.worst !== null && v.staleness.worst > (w?.staleness.worst ?? -1) ? v : w), null);
    const byLanguage = Object.fromEntries(
      Object.keys(LANGUAGES).map((language) => [language, spread(verdicts.filter((v) => v.language === language).map((v) => v.latencyMs))]),
    );
    const result = {
      minutes: MINUTES,
      contestants: CONTESTANTS,
      viewers: VIEWERS,
      perContestant: PER_CONTESTANT,
      scheduled: round.length,
      accepted: sent.length,
      rejected: rejected.length,
      rejectedSample: rejected.slice(0, 3).map((r) => r.error),
      finished: finishedCount,
      /** Still queued or running when the drain ended: their latency counts as the time they had waited then. */
      unfinished: sent.length - finishedCount,
      unexpectedVerdicts: wrongVerdicts,
      drainedAfterRoundMs: drainedMs,
      latency: spread(verdicts.map((v) => v.latencyMs)),
      latencyByLanguage: byLanguage,
      queue: {
        maxDepth: Math.max(0, ...queue.samples.map((q) => q.depth)),
        samples: queue.samples.length,
        series: queue.samples.filter((_, i) => i % 10 === 0).map((q) => [Math.round(q.atMs / 1000), q.waiting, q.active]),
      },
      staleness: {
        verdicts: stale.length,
        medianOfMedians: stale.length ? median(stale.map((s) => s.median)) : null,
        p99OfWorst: spread(stale.map((s) => s.worst)).p99,
        max: stale.length ? Math.max(...stale.map((s) => s.worst)) : null,
        missingDeliveries: verdicts.reduce((n, v) => n + v.staleness.missing, 0),
        beforeFanOut: spread(verdicts.filter((v) => v.beforeFanOutMs !== null).map((v) => v.beforeFanOutMs)),
        worstVerdict: worst && {
          submittedMs: worst.submittedMs,
          beforeFanOutMs: worst.beforeFanOutMs,
          medianMs: worst.staleness.median,
          worstMs: worst.staleness.worst,
        },
      },
      floors: { ...floors, offeredLoad: offeredLoad(round, floors) },
      perMinute: minutes,
      loadavg: { before: loadBefore, after: loadavg() },
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    viewers?.close();
    streams.forEach((s) => s.close());
    await db.end();
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
