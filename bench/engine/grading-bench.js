#!/usr/bin/env node
// The grading of one submission in process, without the API, the queue or the database: a 3-test Python a+b
// graded N times (after 3 warm-ups) through the test loop (Grader) on the local engine with one warm slot; prints
// the median and quartiles. Run it in two checkouts, alternately, to compare their grading under the same load.
// Usage (as root, after `npx nx run judge-worker:build`): node bench/engine/grading-bench.js [runs]
const { mkdtempSync, readdirSync, rmSync } = require('fs');
const { tmpdir } = require('os');
const { join } = require('path');
const { workerModule } = require('../lib/worker-dist');
const { LocalEngine } = workerModule('engines/local/local-engine');
const { removeBoxDir } = workerModule('engines/local/private-mounts');
const { Grader } = workerModule('grading/grader');

const RUNS = Number(process.argv[2] ?? 40);
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
  for (let i = 0; i < WARM_UPS + RUNS; i++) {
    const start = process.hrtime.bigint();
    const result = await grader.grade(REQUEST, async () => undefined);
    if (result.status !== 'accepted') throw new Error(`graded ${result.status}: ${result.message}`);
    if (i >= WARM_UPS) times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  await engine.close();
  for (const name of readdirSync(workRoot)) removeBoxDir(join(workRoot, name));
  rmSync(workRoot, { recursive: true, force: true });
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.floor(q * (times.length - 1))].toFixed(1);
  console.log(JSON.stringify({ runs: RUNS, medianMs: Number(at(0.5)), p25Ms: Number(at(0.25)), p75Ms: Number(at(0.75)) }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
