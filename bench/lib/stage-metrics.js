// The worker's stage histogram (`oj_grading_stage_seconds`, see apps/judge-worker/src/operations/grading-stages.ts)
// read from its /metrics before and after a phase of a benchmark: the difference is that phase's stages alone.
const METRIC = 'oj_grading_stage_seconds';
const LINE = new RegExp(`^${METRIC}_(bucket|sum|count)\\{([^}]*)\\} (\\S+)$`);

// A quantile of a cumulative histogram ([[upper bound, count at or below it]…], ascending, the last +Inf), as
// Prometheus's histogram_quantile estimates it: linearly within the bucket the rank falls in.
function percentileFromBuckets(buckets, q) {
  const total = buckets[buckets.length - 1][1];
  if (!total) return NaN;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const [le, count] of buckets) {
    if (count >= rank) {
      // The +Inf bucket has no upper bound: its lower one is the best estimate, as histogram_quantile answers.
      if (le === Infinity) return lower;
      return lower + ((le - lower) * (rank - below)) / Math.max(count - below, 1e-9);
    }
    lower = le;
    below = count;
  }
  return lower;
}

/** Parses the stage histogram out of a Prometheus text exposition: { stage: { buckets: Map(le → count), sum, count } }. */
function parseStages(text) {
  const stages = {};
  for (const line of text.split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const [, kind, labelText, value] = match;
    const labels = Object.fromEntries([...labelText.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const stage = (stages[labels.stage] ??= { buckets: new Map(), sum: 0, count: 0 });
    if (kind === 'bucket') stage.buckets.set(labels.le === '+Inf' ? Infinity : Number(labels.le), Number(value));
    else stage[kind] = Number(value);
  }
  return stages;
}

/** Every worker's stage histogram, added up. */
async function readStages(urls, token) {
  const total = {};
  for (const url of urls) {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`GET ${url} → ${res.status}`);
    for (const [name, stage] of Object.entries(parseStages(await res.text()))) {
      const into = (total[name] ??= { buckets: new Map(), sum: 0, count: 0 });
      for (const [le, count] of stage.buckets) into.buckets.set(le, (into.buckets.get(le) ?? 0) + count);
      into.sum += stage.sum;
      into.count += stage.count;
    }
  }
  return total;
}

/**
 * What happened between two readings, per stage: how often it ran, its mean and p50 in ms (the p50 interpolated
 * within its bucket, as Prometheus's histogram_quantile does), and its total per submission.
 */
function stagesBetween(before, after, submissions) {
  const summary = {};
  for (const [name, stage] of Object.entries(after)) {
    const earlier = before[name] ?? { buckets: new Map(), sum: 0, count: 0 };
    const count = stage.count - earlier.count;
    if (count <= 0) continue;
    const buckets = [...stage.buckets].map(([le, n]) => [le, n - (earlier.buckets.get(le) ?? 0)]).sort((a, b) => a[0] - b[0]);
    const sumMs = (stage.sum - earlier.sum) * 1000;
    summary[name] = {
      count,
      meanMs: sumMs / count,
      p50Ms: percentileFromBuckets(buckets, 0.5) * 1000,
      perSubmissionMs: sumMs / submissions,
    };
  }
  return summary;
}

/** The stages that are not the judge's own time: the runs themselves, and the wait for a worker. */
const NOT_THE_JUDGES = ['run', 'queue_wait'];

/** The judge's own time per submission (issue 37's fixed cost): every other stage's time, summed. */
const fixedCostMs = (stages) =>
  Object.entries(stages).reduce((sum, [name, s]) => sum + (NOT_THE_JUDGES.includes(name) ? 0 : s.perSubmissionMs), 0);

module.exports = { readStages, stagesBetween, fixedCostMs };
