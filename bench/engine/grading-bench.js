#!/usr/bin/env node
// The grading of one submission in process, without the API, the queue or the database: a 3-test Python a+b
// graded N times (after 3 warm-ups) through the test loop (Grader) on the local engine with one warm slot; prints
// the median and quartiles of the whole grading and the median of each engine stage (the worker's
// oj_grading_stage_seconds stages: box, compile, run, check). `--gap-ms G` waits G ms between submissions, as an
// idle judge waits for the next one (its slot prepares meanwhile); 0, back to back, by default. Also prints the
// worker process's own CPU per grading (`workerCpuMsPerGrading`: its every thread, not the sandboxed runs, which are
// other processes): with the runs' CPU fixed, it is what limits a busy judge's throughput.
// Run it on two builds alternately (WORKER_DIST=<other checkout>/dist/judge-worker) to compare them under one load.
// Usage (as root, after `npx nx run judge-worker:build`): node bench/engine/grading-bench.js [runs] [--gap-ms G]
const { mkdtempSync, readdirSync, rmSync } = require('fs');
const { tmpdir } = require('os');
const { join } = require('path');
const { workerModule } = require('../lib/worker-dist');
const { median } = require('../lib/floors');
const { LocalEngine } = workerModule('engines/local/local-engine');
const { removeBoxDir } = workerModule('engines/local/private-mounts');
const { Grader } = workerModule('grading/grader');

const RUNS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 40);
const gapAt = process.argv.indexOf('--gap-ms');
const GAP_MS = gapAt > 0 ? Number(process.argv[gapAt + 1]) : 0;
const WARM_UPS = 3;
const REQUEST = {
  languageId: 71,
  sourceCode: 'a, b = map(int, input().split())\nprint(a + b)',
  cpuTimeLimit: 1,
  memoryLimit: 64,
  testCases: [
    { input: '1 2\n', output: '3\n', points: 1 },
    { input: '5 7\n', output: '12\n', points: 1 },
    { input: '-4 4\n', output: '0\n', points: 1 },
  ],
};

async function main() {
  const workRoot = mkdtempSync(join(tmpdir(), 'oj-grading-bench-'));
  const engine = new LocalEngine({ workRoot, logger: { log: () => undefined, warn: console.warn }, warmSlots: 1 });
  await engine.warm();
  const grader = new Grader(engine, { timeFactors: {} });
  const times = [];
  const stages = {};
  let cpuMs = 0;
  for (let i = 0; i < WARM_UPS + RUNS; i++) {
    // Per submission: a stage that runs per test (run, check) is summed over the tests.
    const own = {};
    const onStage = (stage, ms) => (own[stage] = (own[stage] ?? 0) + ms);
    if (GAP_MS) await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    const start = process.hrtime.bigint();
    const cpuBefore = process.cpuUsage();
    const result = await grader.grade({ ...REQUEST, onStage }, async () => undefined);
    if (result.status !== 'accepted') throw new Error(`graded ${result.status}: ${result.message}`);
    if (i < WARM_UPS) continue;
    const cpu = process.cpuUsage(cpuBefore);
    cpuMs += (cpu.user + cpu.system) / 1000;
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    for (const [stage, ms] of Object.entries(own)) (stages[stage] ??= []).push(ms);
  }
  await engine.close();
  for (const name of readdirSync(workRoot)) removeBoxDir(join(workRoot, name));
  rmSync(workRoot, { recursive: true, force: true });
  times.sort((a, b) => a - b);
  const at = (q) => Number(times[Math.floor(q * (times.length - 1))].toFixed(1));
  const stageMedians = Object.fromEntries(Object.entries(stages).map(([stage, ms]) => [stage, Number(median(ms).toFixed(2))]));
  console.log(
    JSON.stringify({
      runs: RUNS,
      gapMs: GAP_MS,
      medianMs: at(0.5),
      p25Ms: at(0.25),
      p75Ms: at(0.75),
      workerCpuMsPerGrading: Number((cpuMs / RUNS).toFixed(2)),
      stageMedians,
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
