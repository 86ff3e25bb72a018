// The pure parts of the contest replay (bench/contests/replay.js): when each submission of the round arrives, who
// sends it, on which problem, in which language and how wrong; and the figures read from what was measured.
//
// The arrival curve: Codeforces' and DMOJ's rounds show the same shape in their submissions over time (Codeforces'
// status page and problem statistics, DMOJ's contest statistics): a rush when the round opens (the easy problems
// solved at once), a steady stream through the middle, and a second rush in the last minutes as everyone sends what
// they have. Modelled as a rate that is piecewise constant by tenth of the round: START_RUSH times the middle's rate
// in the first tenth, END_RUSH times it in the last.
const { percentile } = require('../submissions/stack');

const CURVE = { startRush: 3, endRush: 2.5 };

/** Relative submission rate in each tenth of the round. */
function tenthRates({ startRush, endRush } = CURVE) {
  return Array.from({ length: 10 }, (_, i) => (i === 0 ? startRush : i === 9 ? endRush : 1));
}

/** A seeded uniform generator on [0, 1) (mulberry32): the same seed replays the same round. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The time (0 ≤ t < roundMs) at which the curve's cumulative share reaches `u` ∈ [0, 1): its inverse CDF. */
function arrivalAt(u, roundMs, rates = tenthRates()) {
  const total = rates.reduce((s, r) => s + r, 0);
  let target = u * total;
  for (const [i, rate] of rates.entries()) {
    if (target < rate) return ((i + target / rate) / rates.length) * roundMs;
    target -= rate;
  }
  return roundMs * (1 - Number.EPSILON);
}

/** Picks a key of `weights` (an object of non-negative numbers) with probability proportional to its weight. */
function pick(weights, random) {
  const entries = Object.entries(weights);
  let x = random() * entries.reduce((s, [, w]) => s + w, 0);
  for (const [key, weight] of entries) {
    if (x < weight) return key;
    x -= weight;
  }
  return entries[entries.length - 1][0];
}

/**
 * The round's submissions, sorted by arrival: `{ atMs, contestant, problem, language, outcome }`, `perContestant`
 * each on average. Problems are sent in proportion to `problemWeights` (the first ones most, as everyone solves A).
 */
function scheduleRound({ contestants, perContestant, roundMs, seed = 25, languages, outcomes, problemWeights, rates }) {
  const random = seededRandom(seed);
  const count = Math.round(contestants * perContestant);
  const problems = Object.fromEntries(problemWeights.map((w, i) => [i, w]));
  const round = [];
  for (let i = 0; i < count; i++)
    round.push({
      atMs: arrivalAt(random(), roundMs, rates),
      contestant: Math.floor(random() * contestants),
      problem: Number(pick(problems, random)),
      language: pick(languages, random),
      outcome: pick(outcomes, random),
    });
  return round.sort((a, b) => a.atMs - b.atMs);
}

/** p50, p95, p99 and the maximum of `values` (nulls when there are none). */
function spread(values) {
  if (!values.length) return { n: 0, p50: null, p95: null, p99: null, max: null };
  return {
    n: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
    max: values.reduce((m, v) => Math.max(m, v), -Infinity),
  };
}

/**
 * A verdict's staleness at the viewers: from its result being written (`finishedAtMs`) to the matching row event at
 * each viewer (`arrivalsMs`, one per viewer that received it); `viewers` is how many should have.
 */
function staleness(finishedAtMs, arrivalsMs, viewers) {
  const delays = arrivalsMs.map((at) => at - finishedAtMs);
  return {
    median: delays.length ? percentile(delays, 50) : null,
    worst: delays.length ? Math.max(...delays) : null,
    missing: viewers - delays.length,
  };
}

/**
 * Per minute of the round (by submission time): submissions, verdict latency spread, the queue's deepest point in it and
 * the scoreboard's staleness (median of the verdicts' medians, worst of their worsts). `verdicts` hold
 * `{ submittedMs, latencyMs, staleness }` (times from the round's start); `queue` holds `{ atMs, depth }` samples.
 */
function perMinute(verdicts, queue, roundMs) {
  const minutes = Math.max(1, Math.ceil(roundMs / 60_000));
  const byMinute = (atMs) => Math.min(minutes - 1, Math.max(0, Math.floor(atMs / 60_000)));
  const rows = Array.from({ length: minutes }, (_, minute) => ({ minute, verdicts: [], depth: 0 }));
  for (const v of verdicts) rows[byMinute(v.submittedMs)].verdicts.push(v);
  for (const q of queue) {
    // The queue after the round (its drain) is the series' tail, not the last minute's.
    if (q.atMs >= roundMs) continue;
    const row = rows[byMinute(q.atMs)];
    row.depth = Math.max(row.depth, q.depth);
  }
  return rows.map(({ minute, verdicts: inMinute, depth }) => {
    const stale = inMinute.map((v) => v.staleness).filter((s) => s.median !== null);
    return {
      minute: minute + 1,
      submissions: inMinute.length,
      latency: spread(inMinute.map((v) => v.latencyMs)),
      maxQueueDepth: depth,
      staleness: {
        median: stale.length
          ? percentile(
              stale.map((s) => s.median),
              50,
            )
          : null,
        worst: stale.length ? Math.max(...stale.map((s) => s.worst)) : null,
      },
    };
  });
}

module.exports = { CURVE, tenthRates, seededRandom, arrivalAt, pick, scheduleRound, spread, staleness, perMinute };
