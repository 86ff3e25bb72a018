#!/usr/bin/env node
// What a judge worker's start costs before it takes a submission: the local engine's construction (language probes,
// launcher, C++'s precompiled header and Java's class-data archive taken from the machine's build cache), as each
// worker start and each test that makes an engine pays it.
// Usage (as root, after `npx nx run judge-worker:build`): node bench/engine/engine-start-bench.js [rounds] [--json]
// WORKER_DIST=<another build> measures another commit's engine (see bench/lib/worker-dist.js); run both in turn to
// compare. The first construction fills the build caches and is not counted. CPU counts this process and the
// toolchains it waits for (/proc/self/stat's cutime and cstime).
const { mkdtempSync, readFileSync, rmSync } = require('fs');
const { loadavg, tmpdir } = require('os');
const { join } = require('path');
const { workerModule } = require('../lib/worker-dist');
const { median, now } = require('../lib/floors');
const { LocalEngine } = workerModule('engines/local/local-engine');

const ROUNDS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 5);
const JSON_OUTPUT = process.argv.includes('--json');

/** CPU ms of this process and its waited-for children (utime, stime, cutime, cstime: ticks of 10 ms). */
function cpuMs() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) * 10;
}

async function construct(base) {
  const workRoot = mkdtempSync(join(base, 'work-'));
  const [cpuBefore, started] = [cpuMs(), now()];
  const engine = new LocalEngine({ workRoot, logger: { log: () => undefined, warn: () => undefined } });
  const sample = { wallMs: now() - started, cpuMs: cpuMs() - cpuBefore };
  await engine.close();
  return sample;
}

async function main() {
  // The caches sit beside the work roots: one base per bench run, so its first construction fills them.
  const base = mkdtempSync(join(tmpdir(), 'oj-bench-engine-start-'));
  try {
    await construct(base);
    const samples = [];
    for (let i = 0; i < ROUNDS; i++) samples.push(await construct(base));
    const result = {
      rounds: ROUNDS,
      wallMs: median(samples.map((s) => s.wallMs)),
      cpuMs: median(samples.map((s) => s.cpuMs)),
      loadAverage: loadavg()[0],
    };
    if (JSON_OUTPUT) console.log(JSON.stringify(result));
    else
      console.log(
        `engine construction, build caches warm, median of ${ROUNDS}: ${result.wallMs.toFixed(0)} ms wall, ` +
          `${result.cpuMs.toFixed(0)} ms CPU (load average ${result.loadAverage.toFixed(1)})`,
      );
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
