#!/usr/bin/env node
// Python's per-test cost with and without the fork server, beside a bare `python3 -S` start, in one run.
// Usage (as root, after `npx nx run judge-worker:build`): node bench/engine/fork-server-bench.js [rounds] [--json]
// Per round: an a+b program graded by the engine's test loop (runMany) on 3 and on 20 tests, forked and fresh; a
// test's cost is the submission's runMany time over its tests. The floor is a bare `python3 -S` of the same file.
const { mkdtempSync, readdirSync, rmSync, writeFileSync } = require('fs');
const { tmpdir, loadavg } = require('os');
const { join } = require('path');
const { median, timedRun } = require('../lib/floors');
const { workerModule } = require('../lib/worker-dist');
const { LocalEngine } = workerModule('engines/local/local-engine');
const { removeBoxDir } = workerModule('engines/local/private-mounts');

const ROUNDS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 10);
const JSON_OUTPUT = process.argv.includes('--json');
const SUM = 'a, b = map(int, input().split())\nprint(a + b)\n';
const now = () => Number(process.hrtime.bigint()) / 1e6;

/** Milliseconds per test of one submission's runMany over `tests` tests. */
async function perTest(engine, tests) {
  const program = await engine.compile({ languageId: 71, sourceCode: SUM });
  const inputs = async function* () {
    for (let i = 0; i < tests; i++) yield { stdin: `${i} 2\n`, expectedOutput: `${i + 2}\n`, label: `test ${i + 1}` };
  };
  const start = now();
  for await (const outcome of program.runMany(inputs(), { cpuSeconds: 1, memoryMb: 256 })) {
    if (outcome.failure) throw new Error(`run failed: ${JSON.stringify(outcome.failure)}`);
  }
  const ms = (now() - start) / tests;
  await program.release();
  return ms;
}

async function main() {
  const workRoot = mkdtempSync(join(tmpdir(), 'oj-bench-fork-'));
  const quiet = { log: () => undefined, warn: (m) => console.warn(m) };
  const engines = {
    forked: new LocalEngine({ workRoot, logger: quiet }),
    fresh: new LocalEngine({ workRoot, logger: quiet, forkServer: false }),
  };
  const source = join(workRoot, 'sum.py');
  writeFileSync(source, SUM);
  const samples = { bare: [] };
  for (const kind of ['forked', 'fresh']) for (const tests of [3, 20]) samples[`${kind}${tests}`] = [];
  for (const engine of Object.values(engines)) await engine.warm();
  for (let round = 0; round < ROUNDS; round++) {
    samples.bare.push(await timedRun('/usr/bin/python3', ['-S', source], '1 2\n'));
    for (const [kind, engine] of Object.entries(engines))
      for (const tests of [3, 20]) samples[`${kind}${tests}`].push(await perTest(engine, tests));
  }
  await Promise.all(Object.values(engines).map((e) => e.close()));
  // Staged toolchains and warm slots' directories are tmpfs mounts of their own.
  for (const name of readdirSync(workRoot)) removeBoxDir(join(workRoot, name));
  rmSync(workRoot, { recursive: true, force: true });
  const result = Object.fromEntries(Object.entries(samples).map(([k, xs]) => [k, median(xs)]));
  result.loadAverage = loadavg()[0];
  if (JSON_OUTPUT) return console.log(JSON.stringify(result));
  const f = (x) => `${x.toFixed(1)} ms`;
  console.log(`bare python3 -S start: ${f(result.bare)} (load average ${result.loadAverage.toFixed(2)}, ${ROUNDS} rounds, medians)`);
  for (const tests of [3, 20]) {
    console.log(
      `${tests} tests, per test: forked ${f(result[`forked${tests}`])} (${(result[`forked${tests}`] / result.bare).toFixed(2)}× bare), ` +
        `fresh ${f(result[`fresh${tests}`])} (${(result[`fresh${tests}`] / result.bare).toFixed(2)}× bare)`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
