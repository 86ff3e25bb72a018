#!/usr/bin/env node
// Elo-MMR on one contest of N participants (default 10,000), beside floors measured in the same run; each figure is
// the median of --runs runs (default 5).
// Usage: node bench/ratings/ratings.js [--participants 10000] [--runs 5] [--json]
// The algorithm's source (libs/contracts/src/ratings) is bundled with esbuild as it is, so the figure is the code the
// judge worker runs. Three rounds: all newcomers with distinct ranks, the same players again in reverse order (every
// prior differs), and a round of ties (2,000 distinct scores). Floors: sorting the standings as the board does, and one
// tanh per participant per point of the sum's table (the round's unavoidable sum). Then the first round as the judge
// worker runs it (rateContests on a worker thread, apps/judge-worker/src/ratings/rating-thread.ts): its time, and the
// longest pause of the main thread's event loop meanwhile, beside the pause the same round causes run inline.
const { buildSync } = require('esbuild');
const path = require('path');
const { Worker } = require('worker_threads');

const ROOT = path.join(__dirname, '../..');
const argv = process.argv.slice(2);
const arg = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const N = arg('--participants', 10_000);
const RUNS = arg('--runs', 5);

const bundled = buildSync({
  entryPoints: [path.join(ROOT, 'libs/contracts/src/ratings/index.ts')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  write: false,
  logLevel: 'warning',
}).outputFiles[0].text;
const loaded = { exports: {} };
new Function('module', 'exports', 'require', bundled)(loaded, loaded.exports, require);
const { rateRound, rateContests, ELO_MMR_PARAMS } = loaded.exports;

const now = () => Number(process.hrtime.bigint()) / 1e6;
const timed = (run) => {
  const started = now();
  const value = run();
  return { ms: now() - started, value };
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The longest gap between turns of this thread's event loop (a 5 ms timer) while `work` runs, and its time. */
async function pauseDuring(work) {
  let last = now();
  let pauseMs = 0;
  const tick = () => {
    const at = now();
    pauseMs = Math.max(pauseMs, at - last);
    last = at;
  };
  const timer = setInterval(tick, 5);
  const started = now();
  await work();
  const ms = now() - started;
  await new Promise((resolve) => setTimeout(resolve, 10));
  tick();
  clearInterval(timer);
  return { ms, pauseMs };
}

/** rateContests on a thread, as the worker does: the same bundle, the input posted, the columns posted back. */
function onThread(input) {
  const source = `const { parentPort } = require('worker_threads'); const module = { exports: {} };
    new Function('module', 'exports', 'require', ${JSON.stringify(bundled)})(module, module.exports, require);
    parentPort.once('message', (input) => parentPort.postMessage(module.exports.rateContests(input)));`;
  const worker = new Worker(source, { eval: true });
  return new Promise((resolve, reject) => {
    worker.once('message', (rated) => resolve(rated) || worker.terminate());
    worker.once('error', reject);
    worker.postMessage(input);
  });
}

const players = Array.from({ length: N }, (_, i) => `p${i}`);
const newcomers = () => players.map((playerId, i) => ({ playerId, rank: i + 1 }));

async function run() {
  const first = timed(() => rateRound(newcomers(), () => undefined));
  const again = timed(() =>
    rateRound(
      players.map((playerId, i) => ({ playerId, rank: N - i })),
      (id) => first.value.get(id).state,
    ),
  );
  const ties = timed(() =>
    rateRound(
      players.map((playerId, i) => ({ playerId, rank: 1 + 5 * Math.floor(i / 5) })),
      (id) => again.value.get(id).state,
    ),
  );
  // Floor 1: the standings sorted by their totals, as rankRows does before any rating.
  const totals = players.map((playerId, i) => ({ playerId, solved: (i * 7919) % 13, penalty: (i * 104729) % 5000 }));
  const sorted = timed(() => [...totals].sort((a, b) => b.solved - a.solved || a.penalty - b.penalty));
  // Floor 2: one tanh per participant per table point, the sum over everyone tabulated once.
  const [lo, hi] = ELO_MMR_PARAMS.searchBounds;
  const points = Math.ceil((hi - lo) / 8) + 1;
  const floor = timed(() => {
    let sum = 0;
    for (let p = 0; p < points; p++) for (let j = 0; j < N; j++) sum += Math.tanh((lo + 8 * p - 1500 - j * 0.01) * 0.0045);
    return sum;
  });
  const threaded = await pauseDuring(() => onThread({ contests: [newcomers()], states: new Map() }));
  const inline = await pauseDuring(async () => rateContests({ contests: [newcomers()], states: new Map() }));
  return {
    newcomersMs: first.ms,
    ratedAgainMs: again.ms,
    tiedMs: ties.ms,
    sortFloorMs: sorted.ms,
    tanhFloorMs: floor.ms,
    tanhFloorEvaluations: points * N,
    threadMs: threaded.ms,
    threadPauseMs: threaded.pauseMs,
    inlinePauseMs: inline.pauseMs,
  };
}

(async () => {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await run());
  const result = { participants: N, runs: RUNS };
  for (const key of Object.keys(runs[0])) result[key] = Math.round(median(runs.map((r) => r[key])) * 10) / 10;
  if (argv.includes('--json')) console.log(JSON.stringify(result));
  else
    console.log(
      `Elo-MMR, ${N} participants, medians of ${RUNS} runs: newcomers ${result.newcomersMs} ms, rated again ` +
        `${result.ratedAgainMs} ms, with ties ${result.tiedMs} ms; floors: sorting ${result.sortFloorMs} ms, ` +
        `${result.tanhFloorEvaluations} tanh ${result.tanhFloorMs} ms (ratio ${(result.ratedAgainMs / result.tanhFloorMs).toFixed(2)}×); ` +
        `newcomers on a thread ${result.threadMs} ms, the main loop's longest pause ${result.threadPauseMs} ms ` +
        `(inline: ${result.inlinePauseMs} ms)`,
    );
})();
