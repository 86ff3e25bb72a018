#!/usr/bin/env node
// Cost of one query of an interactive problem: a program and an interactor exchanging Q queries, each in its box,
// joined by the boxes' pipes and pinned to one CPU (the local engine's interactive run), beside the same two
// binaries joined by a bare shell pipe, unpinned and pinned to one CPU. Each is timed at two sizes and the cost per
// query is the slope, so start-up costs (boxes, process starts) cancel out.
// Usage (as root, after `npx nx run judge-worker:build`): node bench/engine/interactive-bench.js [runs] [--json]
const { execFileSync, spawnSync } = require('child_process');
const { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } = require('fs');
const { cpus, loadavg, tmpdir } = require('os');
const { dirname, join } = require('path');
const { workerModule } = require('../lib/worker-dist');
const { LocalEngine } = workerModule('engines/local/local-engine');
const { removeBoxDir } = workerModule('engines/local/private-mounts');
const { TESTLIB_HEADER_FILE } = workerModule('engines/checker-support/testlib-header');
const TESTLIB_CALL = { protocol: 'testlib', validatorFlags: [] };

const RUNS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 5);
const JSON_OUTPUT = process.argv.includes('--json');
const SIZES = [2_000, 20_000];

/** Answers Q queries "? i" with "i"; the input file holds Q. */
const INTERACTOR = `#include "testlib.h"
#include <cstdio>
int main(int argc, char *argv[]) {
  registerInteraction(argc, argv);
  int q = inf.readInt();
  for (int i = 0; i < q; i++) {
    ouf.readToken();
    long long x = ouf.readLong();
    std::printf("%lld\\n", x);
    std::fflush(stdout);
  }
  quitf(_ok, "%d queries", q);
}
`;
/** Asks its queries one at a time, each after the answer to the last; Q is a stand-in for the count (sed below). */
const PROGRAM = `#include <stdio.h>
int main(void) {
  char line[64];
  for (long i = 0; i < Q; i++) {
    printf("? %ld\\n", i);
    fflush(stdout);
    if (!fgets(line, sizeof line, stdin)) return 1;
  }
  return 0;
}
`;

const now = () => Number(process.hrtime.bigint()) / 1e6;
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const program = (q) => PROGRAM.replace('i < Q', `i < ${q}`);

function compile(dir, name, source, compiler, flags) {
  writeFileSync(join(dir, `${name}.src`), source);
  execFileSync(compiler, [...flags, '-O2', '-o', join(dir, name), join(dir, `${name}.src`)]);
  return join(dir, name);
}

/** The two binaries joined by a shell pipe and a FIFO, `pin` making both run on CPU 0. */
function barePipe(dir, programBinary, interactor, pin) {
  const taskset = pin ? 'taskset -c 0 ' : '';
  const script = `cd ${dir} && rm -f back && mkfifo back && ${taskset}${interactor} in out < back | ${taskset}${programBinary} > back`;
  const start = now();
  const run = spawnSync('/bin/sh', ['-c', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`bare pipe failed: ${run.stderr}`);
  return now() - start;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'oj-interactive-bench-'));
  chmodSync(dir, 0o711);
  const workRoot = join(dir, 'work');
  const interactor = compile(dir, 'interactor', INTERACTOR, '/usr/bin/g++', ['-x', 'c++', `-I${dirname(TESTLIB_HEADER_FILE)}`]);
  const engine = new LocalEngine({ workRoot, logger: { log: () => undefined, warn: console.warn } });
  const build = await engine.checkers().build({ source: INTERACTOR, languageId: 54 });
  if (!('program' in build)) throw new Error(`the interactor did not compile: ${build.compilerOutput}`);
  const perSize = {};
  for (const q of SIZES) {
    writeFileSync(join(dir, 'in'), `${q}\n`);
    const bare = compile(dir, `program-${q}`, program(q), '/usr/bin/gcc', ['-x', 'c']);
    const compiled = await engine.compile({ languageId: 50, sourceCode: program(q) });
    const times = { sandboxed: [], bare: [], barePinned: [] };
    try {
      // Interleaved, so machine noise hits all alike.
      for (let i = 0; i < RUNS; i++) {
        const start = now();
        for await (const outcome of compiled.interact(
          oneInput(`${q}\n`),
          { binary: build, call: TESTLIB_CALL },
          { cpuSeconds: 10, memoryMb: 64 },
        )) {
          if (outcome.program.failure || outcome.interactor.exitCode !== 0)
            throw new Error(`sandboxed dialogue failed: ${JSON.stringify(outcome.program.failure)} ${outcome.interactor.stderr}`);
        }
        times.sandboxed.push(now() - start);
        times.bare.push(barePipe(dir, bare, interactor, false));
        times.barePinned.push(barePipe(dir, bare, interactor, true));
      }
    } finally {
      await compiled.release();
    }
    perSize[q] = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
  }
  build.release();
  await engine.close();
  for (const name of readdirSync(workRoot)) removeBoxDir(join(workRoot, name));
  rmSync(dir, { recursive: true, force: true });

  const [small, large] = SIZES;
  const slope = (key) => ((perSize[large][key] - perSize[small][key]) / (large - small)) * 1000;
  const result = {
    runs: RUNS,
    sizes: SIZES,
    perSize,
    microsPerQuery: { sandboxed: slope('sandboxed'), bare: slope('bare'), barePinned: slope('barePinned') },
  };
  if (JSON_OUTPUT) return console.log(JSON.stringify(result, null, 2));
  const us = (x) => `${x.toFixed(1)} µs`;
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0].model}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${new Date().toISOString()}; runs ${RUNS}`,
  );
  console.log('| dialogue | per query | total, 2,000 queries | total, 20,000 queries |');
  console.log('| --- | --- | --- | --- |');
  const row = (label, key) =>
    console.log(
      `| ${label} | ${us(result.microsPerQuery[key])} | ${perSize[small][key].toFixed(0)} ms | ${perSize[large][key].toFixed(0)} ms |`,
    );
  row('two boxes, their pipes, one CPU (the judge)', 'sandboxed');
  row('bare shell pipe, unpinned', 'bare');
  row('bare shell pipe, both on CPU 0', 'barePinned');
}

async function* oneInput(stdin) {
  yield { stdin, label: 'the dialogue' };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
