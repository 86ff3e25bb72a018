#!/usr/bin/env node
// Elo-MMR on one contest of N participants (default 10,000), beside floors measured in the same run.
// Usage: node bench/ratings/ratings.js [--participants 10000] [--json]
// The algorithm's source (libs/contracts/src/ratings) is bundled with esbuild as it is, so the figure is the code the
// judge worker runs. Three rounds: all newcomers with distinct ranks, the same players again in reverse order (every
// prior differs), and a round of ties (2,000 distinct scores). Floors: sorting the standings as the board does, and one
// tanh per participant per point of the sum's table (the round's unavoidable sum).
const { buildSync } = require('esbuild');
const path = require('path');

const ROOT = path.join(__dirname, '../..');
const argv = process.argv.slice(2);
const arg = (name, fallback) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const N = arg('--participants', 10_000);

const bundle = buildSync({
  entryPoints: [path.join(ROOT, 'libs/contracts/src/ratings/index.ts')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  write: false,
  logLevel: 'warning',
});
const loaded = { exports: {} };
new Function('module', 'exports', 'require', bundle.outputFiles[0].text)(loaded, loaded.exports, require);
const { rateRound, ELO_MMR_PARAMS } = loaded.exports;

const now = () => Number(process.hrtime.bigint()) / 1e6;
const timed = (run) => {
  const started = now();
  const value = run();
  return { ms: now() - started, value };
};

const players = Array.from({ length: N }, (_, i) => `p${i}`);
const first = timed(() =>
  rateRound(
    players.map((playerId, i) => ({ playerId, rank: i + 1 })),
    () => undefined,
  ),
);
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

const result = {
  participants: N,
  newcomersMs: Math.round(first.ms),
  ratedAgainMs: Math.round(again.ms),
  tiedMs: Math.round(ties.ms),
  sortFloorMs: Math.round(sorted.ms * 10) / 10,
  tanhFloorMs: Math.round(floor.ms),
  tanhFloorEvaluations: points * N,
};
if (argv.includes('--json')) console.log(JSON.stringify(result));
else
  console.log(
    `Elo-MMR, ${N} participants: newcomers ${result.newcomersMs} ms, rated again ${result.ratedAgainMs} ms, ` +
      `with ties ${result.tiedMs} ms; floors: sorting ${result.sortFloorMs} ms, ${points} × ${N} tanh ${result.tanhFloorMs} ms ` +
      `(ratio ${(again.ms / floor.ms).toFixed(2)}×)`,
  );
