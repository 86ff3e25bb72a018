#!/usr/bin/env node
// Judge workers starting at the same moment on a machine whose build caches are empty (a compose scale, a clean
// clone's first test files): each constructs its local engine, which takes C++'s precompiled header and Java's
// class-data archives from the machine's build cache or builds them (worker-build-cache.ts). Reports the wall time
// until every engine is up and the CPU all of them spent, with their toolchains.
// Usage (as root, after `npx nx run judge-worker:build`):
//   node bench/engine/engines-together-bench.js [workers] [rounds] [--warm] [--json]
// --warm: every round on the caches the first, untimed round filled (a worker's start on a machine that ran one).
// WORKER_DIST=<another build> measures another commit's engine (bench/lib/worker-dist.js): run both in turn.
const { spawn } = require('child_process');
const { mkdtempSync, readFileSync, rmSync } = require('fs');
const { loadavg, tmpdir } = require('os');
const { join } = require('path');
const { median, now } = require('../lib/floors');

const [WORKERS = 4, ROUNDS = 3] = process.argv
  .slice(2)
  .filter((a) => /^\d+$/.test(a))
  .map(Number);
const JSON_OUTPUT = process.argv.includes('--json');
const WARM = process.argv.includes('--warm');

/** CPU ms of the processes this one has waited for, with their own waited-for children (cutime + cstime). */
function childrenCpuMs() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** One worker's start: a process that constructs an engine on its own work root under `base`, then closes it. */
function startWorker(base) {
  const script = `
    const { mkdtempSync } = require('fs');
    const { join } = require('path');
    const { LocalEngine } = require(${JSON.stringify(join(__dirname, '../lib/worker-dist'))}).workerModule('engines/local/local-engine');
    const engine = new LocalEngine({ workRoot: mkdtempSync(join(${JSON.stringify(base)}, 'work-')), logger: { log() {}, warn() {} } });
    engine.close().then(() => process.exit(0));
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`a worker's start exited with ${code}`)))),
  );
}

/** The wall time and CPU of WORKERS engines' starts together on the caches beside `base`. */
async function round(base) {
  const [cpuBefore, started] = [childrenCpuMs(), now()];
  await Promise.all(Array.from({ length: WORKERS }, () => startWorker(base)));
  return { wallMs: now() - started, cpuMs: childrenCpuMs() - cpuBefore };
}

/** `rounds` rounds, each on empty caches (a new base), or all on the caches a first round filled (--warm). */
async function rounds() {
  const samples = [];
  const newBase = () => mkdtempSync(join(tmpdir(), 'oj-bench-together-'));
  const warmBase = WARM ? newBase() : null;
  try {
    if (warmBase) await round(warmBase);
    for (let i = 0; i < ROUNDS; i++) {
      const base = warmBase ?? newBase();
      try {
        samples.push(await round(base));
      } finally {
        if (!warmBase) rmSync(base, { recursive: true, force: true });
      }
    }
  } finally {
    if (warmBase) rmSync(warmBase, { recursive: true, force: true });
  }
  return samples;
}

async function main() {
  const samples = await rounds();
  const [wallMs, cpuMs] = [median(samples.map((s) => s.wallMs)), median(samples.map((s) => s.cpuMs))];
  const text =
    `${WORKERS} engines starting together, ${WARM ? 'warm' : 'empty'} build caches, median of ${ROUNDS}: ` +
    `${(wallMs / 1000).toFixed(1)} s wall, ${(cpuMs / 1000).toFixed(1)} s CPU (load average ${loadavg()[0].toFixed(1)})`;
  console.log(
    JSON_OUTPUT ? JSON.stringify({ workers: WORKERS, rounds: ROUNDS, warm: WARM, wallMs, cpuMs, loadAverage: loadavg()[0] }) : text,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
