#!/usr/bin/env node
// Before and after in one run, on a shared machine: judging.js against another commit's API and worker (A) and
// this checkout's (B), alternating A B, B A, … so both see the same load, each on a fresh stack with its floors
// measured beside it. Prints the medians of each side and their ratios, with the load average around each run.
// Usage: node bench/submissions/judging-ab.js --base <commit> [--rounds 3] [--runs 10] [--queued 100]
// As root (the worker's sandbox). The base commit is exported to a temporary directory (node_modules linked).
const { execFileSync } = require('child_process');
const { existsSync, mkdirSync, rmSync, symlinkSync } = require('fs');
const { loadavg, tmpdir } = require('os');
const path = require('path');
const { ROOT, arg } = require('./stack');
const { median } = require('../lib/floors');
const { fixedCostMs } = require('../lib/stage-metrics');

const baseIndex = process.argv.indexOf('--base');
const BASE = baseIndex > 0 ? process.argv[baseIndex + 1] : null;
const ROUNDS = arg('rounds', 3);
const RUNS = arg('runs', 10);
const QUEUED = arg('queued', 100);

/**
 * The base commit's tree, ready to build: its files, and this checkout's node_modules. Kept by the commit's hash, not
 * the name given: `--base HEAD` once exported a HEAD that later runs, after a commit, took for the new one.
 */
function exportBase(name) {
  const commit = execFileSync('git', ['-C', ROOT, 'rev-parse', '--verify', `${name}^{commit}`], { encoding: 'utf8' }).trim();
  const dir = path.join(tmpdir(), `oj-bench-ab-${commit}`);
  if (!existsSync(path.join(dir, 'package.json'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    execFileSync('sh', ['-c', `git -C "${ROOT}" archive "${commit}" | tar -x -C "${dir}"`], { stdio: 'inherit' });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  }
  return dir;
}

/** Builds a side's API and worker into its own tmp/bench-build (stack.js's build). */
function build(sourceRoot) {
  execFileSync(process.execPath, ['-e', `require(${JSON.stringify(path.join(__dirname, 'stack'))}).build()`], {
    cwd: ROOT,
    env: { ...process.env, ...(sourceRoot ? { BENCH_SOURCE_ROOT: sourceRoot } : {}) },
    stdio: 'inherit',
  });
}

function judging(sourceRoot) {
  const load = loadavg()[0];
  const out = execFileSync(process.execPath, ['bench/submissions/judging.js', '--runs', String(RUNS), '--queued', String(QUEUED)], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, BENCH_SKIP_BUILD: '1', ...(sourceRoot ? { BENCH_SOURCE_ROOT: sourceRoot } : {}) },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  return { ...JSON.parse(out.slice(out.lastIndexOf('\n{') + 1)), loadavg: [load, loadavg()[0]] };
}

/** The figures compared, from one judging.js result. */
function figures(r) {
  return {
    submitToFinalP50Ms: r.pythonThreeTests.p50,
    threeBareRunsMs: r.floors.threeBarePythonStarts,
    latencyRatio: r.pythonThreeTests.p50 / r.floors.threeBarePythonStarts,
    perMinute: r.throughput.perMinute,
    floorPerMinute: r.throughput.floorPerMinute,
    throughputRatio: r.throughput.perMinute / r.throughput.floorPerMinute,
    fixedCostIdleMs: fixedCostMs(r.stages.idle),
    fixedCostQueuedMs: fixedCostMs(r.stages.queued),
    fixedCostIdleInBareRuns: fixedCostMs(r.stages.idle) / r.floors.barePythonRun,
    cppP50Ms: r.cpp.p50,
    stagesIdle: Object.fromEntries(Object.entries(r.stages.idle).map(([name, s]) => [name, s.perSubmissionMs])),
    stagesQueued: Object.fromEntries(Object.entries(r.stages.queued).map(([name, s]) => [name, s.perSubmissionMs])),
    barePythonRunMs: r.floors.barePythonRun,
  };
}

/** The median of each figure over a side's runs (stage maps stage by stage). */
function medians(runs) {
  const out = {};
  for (const key of Object.keys(runs[0])) {
    if (typeof runs[0][key] === 'number') out[key] = median(runs.map((r) => r[key]));
    else {
      const names = new Set(runs.flatMap((r) => Object.keys(r[key])));
      out[key] = Object.fromEntries([...names].map((n) => [n, median(runs.map((r) => r[key][n] ?? 0))]));
    }
  }
  return out;
}

function main() {
  if (!BASE) throw new Error('--base <commit> is required');
  const baseDir = exportBase(BASE);
  build(baseDir);
  build(null);
  const sides = { A: { root: baseDir, runs: [] }, B: { root: null, runs: [] } };
  const order = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 ? ['B', 'A'] : ['A', 'B']) {
      console.error(`[ab] round ${round + 1}: ${side}`);
      const result = judging(sides[side].root);
      sides[side].runs.push(figures(result));
      order.push({ side, loadavg: result.loadavg, ...figures(result) });
    }
  }
  const [a, b] = [medians(sides.A.runs), medians(sides.B.runs)];
  const ratios = Object.fromEntries(
    Object.entries(a)
      .filter(([, v]) => typeof v === 'number')
      .map(([k, v]) => [k, b[k] / v]),
  );
  console.log(JSON.stringify({ base: BASE, rounds: ROUNDS, runs: RUNS, queued: QUEUED, A: a, B: b, bOverA: ratios, order }, null, 2));
}

main();
