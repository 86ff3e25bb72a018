#!/usr/bin/env node
// Submit → final live event on an idle judge (Python 3 and C++ with its compile, one test), then throughput:
// Python a+b with 3 tests, N submissions queued at once, one worker with concurrency = cores. Each figure
// comes with its floor measured in the same run: a bare run plus one PostgreSQL round trip, a bare g++ of the
// same file, and the same runs done bare by tight loops. Each phase of Python a+b also reads the worker's stage
// histogram (oj_grading_stage_seconds) before and after it: where a submission's time went, stage by stage,
// beside one bare run of the same file.
// Usage: node bench/submissions/judging.js [--runs 15] [--queued 300]
const { startStack, api, waitForLanguages, percentile, arg, METRICS_TOKEN, OUT } = require('./stack');
const { readStages, stagesBetween } = require('../lib/stage-metrics');
const { snapshot, cpuBetween } = require('../lib/process-cpu');
const { openStream } = require('./sse');
const { existsSync, mkdtempSync, rmSync, writeFileSync } = require('fs');
const { tmpdir } = require('os');
const { join } = require('path');
const { bareCompileAndRun, cores, median, postgresRoundTrip, tightLoop, timedRun } = require('../lib/floors');

const RUNS = arg('runs', 15);
const QUEUED = arg('queued', 300);
const HELLO = {
  71: 'print("hello")',
  54: '#include <cstdio>\nint main(){std::puts("hello");}',
};
const A_PLUS_B = 'a, b = map(int, input().split())\nprint(a + b)';
const A_PLUS_B_TESTS = [
  { input: '1 2\n', output: '3\n', points: 1 },
  { input: '40 2\n', output: '42\n', points: 1 },
  { input: '-5 5\n', output: '0\n', points: 1 },
];

/**
 * Latency of POST → `finished` event for `RUNS` submissions one at a time (after two warm-ups), and of the POST
 * alone (until its answer: the part of the whole that is the API's, the grading runs beside its last steps).
 */
async function latency(submit) {
  const samples = [];
  const posts = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const started = Date.now();
    const { id, finished } = await submit();
    const answered = Date.now();
    const event = await finished;
    if (event.status !== 'accepted') throw new Error(`submission ${id} was ${event.status}`);
    if (i < 2) continue;
    samples.push(event.at - started);
    posts.push(answered - started);
  }
  return {
    runs: RUNS,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    max: Math.max(...samples),
    postAnsweredP50Ms: percentile(posts, 50),
  };
}

/** The interpreter the judge runs (language-catalog.ts), not whichever python3 comes first on the PATH. */
const PYTHON = '/usr/bin/python3';

/** The judge's own Python arguments (language-catalog.ts) on a file holding `source`: the floors run what it runs. */
function pythonArgv(dir, name, source) {
  writeFileSync(join(dir, name), source);
  return ['-S', join(dir, name)];
}

/**
 * The worker's stages in a submission's order, from the build measured (the side of an A/B run has its own); against
 * a running site (BASE_URL, nothing built here), in the order its metrics list them.
 */
function stageOrder(stages) {
  const built = join(OUT, 'apps/judge-worker/src/operations/grading-stages.js');
  return existsSync(built) ? require(built).GRADING_STAGES : Object.keys({ ...stages.idle, ...stages.queued });
}

/** The stage table, as BENCHMARKS.md shows it: each stage's p50 and mean, per submission, beside one bare run. */
function stageTable({ stages, floors, pythonThreeTests }) {
  const f = (x) => (x === undefined ? '–' : x.toFixed(2));
  const lines = [
    `Python a+b, 3 tests; one bare \`python3 -S\` run: ${f(floors.barePythonRun)} ms`,
    `| stage | idle p50 ms | idle per submission ms | idle ÷ bare run | ${QUEUED} queued p50 ms | queued per submission ms |`,
    '| --- | --- | --- | --- | --- | --- |',
  ];
  for (const name of stageOrder(stages)) {
    const [idle, queued] = [stages.idle[name], stages.queued?.[name]];
    if (!idle && !queued) continue;
    const ratio = idle ? `${(idle.perSubmissionMs / floors.barePythonRun).toFixed(2)}×` : '–';
    lines.push(
      `| ${name} | ${f(idle?.p50Ms)} | ${f(idle?.perSubmissionMs)} | ${ratio} | ${f(queued?.p50Ms)} | ${f(queued?.perSubmissionMs)} |`,
    );
  }
  lines.push(
    `submit → final event p50 ${f(pythonThreeTests.p50)} ms (the POST answered: p50 ${f(pythonThreeTests.postAnsweredP50Ms)} ms); ` +
      `three bare runs ${f(floors.threeBarePythonStarts)} ms`,
  );
  return lines.join('\n');
}

async function main() {
  const stack = await startStack();
  const floorDir = mkdtempSync(join(tmpdir(), 'oj-bench-floor-'));
  try {
    await waitForLanguages(stack);
    const createProblem = (title, testCases) =>
      api(stack.baseUrl, 'POST', '/api/problems', stack.token, {
        title,
        statement: title,
        difficulty: 'BASIC',
        isPublic: true,
        judge0LanguageIds: [71, 54],
        testCases,
        cpuTimeLimit: 1,
        memoryLimit: 128,
      });
    const hello = await createProblem('Hello', [{ input: '1\n', output: 'hello\n', points: 1 }]);
    const sum = await createProblem('A+B', A_PLUS_B_TESTS);
    const finished = new Map();
    const waiters = new Map();
    const onEvent = (event, at) => {
      if (event._eventType !== 'finished') return;
      finished.set(event.id, { at, status: event.status });
      waiters.get(event.id)?.(finished.get(event.id));
    };
    const streams = [
      await openStream(stack.baseUrl, `/api/problems/${hello.problemId}/submissions/stream`, stack.token, onEvent),
      await openStream(stack.baseUrl, `/api/problems/${sum.problemId}/submissions/stream`, stack.token, onEvent),
    ];
    const untilFinished = (id) => (finished.has(id) ? Promise.resolve(finished.get(id)) : new Promise((r) => waiters.set(id, r)));
    const submit = async (problemId, languageId, sourceCode) => {
      const { submissionId } = await api(stack.baseUrl, 'POST', '/api/submissions', stack.token, { problemId, languageId, sourceCode });
      return { id: submissionId, finished: untilFinished(submissionId) };
    };

    const results = {};
    results.python = await latency(() => submit(hello.problemId, 71, HELLO[71]));
    results.cpp = await latency(() => submit(hello.problemId, 54, HELLO[54]));
    const stagesRead = () => readStages(stack.workerMetrics, METRICS_TOKEN);
    let before = await stagesRead();
    results.pythonThreeTests = await latency(() => submit(sum.problemId, 71, A_PLUS_B));
    // The two warm-ups are in the histogram too: the stages are per submission of the phase's RUNS + 2.
    results.stages = { idle: stagesBetween(before, await stagesRead(), RUNS + 2) };
    const bareRuns = [];
    const helloArgv = pythonArgv(floorDir, 'hello.py', HELLO[71]);
    for (let i = 0; i < RUNS; i++) bareRuns.push(await timedRun(PYTHON, helloArgv));
    const sumArgv = pythonArgv(floorDir, 'sum.py', A_PLUS_B);
    const sumRuns = [];
    for (let i = 0; i < RUNS; i++) sumRuns.push(await timedRun(PYTHON, sumArgv, A_PLUS_B_TESTS[0].input));
    results.floors = {
      pythonRunPlusRoundTrip: median(bareRuns) + (await postgresRoundTrip(stack.databaseUrl)),
      threeBarePythonStarts: 3 * median(sumRuns),
      barePythonRun: median(sumRuns),
      cppCompileAndRun: await bareCompileAndRun(HELLO[54]),
    };

    before = await stagesRead();
    const processRoots = { api: stack.apiPid, ...Object.fromEntries(stack.workerPids.map((pid, i) => [`worker ${i + 1}`, pid])) };
    const cpuBefore = snapshot(processRoots);
    const started = Date.now();
    const pending = [];
    for (let i = 0; i < QUEUED; i++) pending.push((await submit(sum.problemId, 71, A_PLUS_B)).finished);
    const enqueuedMs = Date.now() - started;
    const events = await Promise.all(pending);
    const elapsedMs = Date.now() - started;
    const cpu = cpuBetween(cpuBefore, snapshot(processRoots));
    results.stages.queued = stagesBetween(before, await stagesRead(), QUEUED);
    const accepted = events.filter((e) => e.status === 'accepted').length;
    const inputs = A_PLUS_B_TESTS.map((t) => t.input);
    const bareMs = await tightLoop(QUEUED * A_PLUS_B_TESTS.length, cores, PYTHON, sumArgv, inputs);
    results.throughput = {
      queued: QUEUED,
      accepted,
      enqueuedMs,
      elapsedMs,
      perMinute: Math.round((QUEUED / elapsedMs) * 60_000),
      floorPerMinute: Math.round((QUEUED / bareMs) * 60_000),
      floorRuns: QUEUED * A_PLUS_B_TESTS.length,
      floorConcurrency: cores,
      // Where the phase's CPU went, per submission: the worker's own process, its fork servers and their runs,
      // the API, PostgreSQL, Redis, this bench (its POSTs and streams), and the machine's whole busy time.
      cpuPerSubmissionMs: Object.fromEntries(
        Object.entries({ ...cpu.byGroupMs, machine: cpu.machineBusyMs })
          .filter(([, ms]) => ms > 0)
          .map(([group, ms]) => [group, Math.round((ms / QUEUED) * 100) / 100]),
      ),
      elapsedCoreMsPerSubmission: Math.round(((elapsedMs * cores) / QUEUED) * 100) / 100,
    };
    streams.forEach((s) => s.close());
    console.error(stageTable(results));
    console.log(JSON.stringify(results, null, 2));
  } finally {
    rmSync(floorDir, { recursive: true, force: true });
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
