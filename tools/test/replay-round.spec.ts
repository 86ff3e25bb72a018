// The contest replay's pure parts (bench/lib/replay-round.js): its arrival curve and the figures it reports.
const { tenthRates, arrivalAt, scheduleRound, spread, staleness, perMinute } = require('../../bench/lib/replay-round.js');

const ROUND_MS = 600_000;
const ROUND = {
  contestants: 500,
  perContestant: 5,
  roundMs: ROUND_MS,
  languages: { cpp: 0.5, python: 0.3, java: 0.2 },
  outcomes: { ok: 0.75, wa: 0.15, tle: 0.05, re: 0.05 },
  problemWeights: [0.22, 0.18, 0.15, 0.13, 0.11, 0.09, 0.07, 0.05],
};

type Scheduled = { atMs: number; contestant: number; problem: number; language: string; outcome: string };

describe('contest replay round', () => {
  it('inverts the curve: equal shares of submissions in equal shares of the rate', () => {
    const rates = tenthRates({ startRush: 3, endRush: 2 });
    const total = 3 + 8 + 2;
    // The first tenth holds 3/13 of the submissions, the last 2/13.
    expect(arrivalAt(0, ROUND_MS, rates)).toBe(0);
    expect(arrivalAt(3 / total, ROUND_MS, rates)).toBeCloseTo(60_000, 6);
    expect(arrivalAt(1.5 / total, ROUND_MS, rates)).toBeCloseTo(30_000, 6);
    expect(arrivalAt(11 / total, ROUND_MS, rates)).toBeCloseTo(540_000, 6);
    expect(arrivalAt(12 / total, ROUND_MS, rates)).toBeCloseTo(570_000, 6);
    expect(arrivalAt(0.999999, ROUND_MS, rates)).toBeLessThan(ROUND_MS);
  });

  it('schedules the round with rushes at the start and the end, a quarter wrong, the same for the same seed', () => {
    const round: Scheduled[] = scheduleRound(ROUND);
    expect(round).toHaveLength(2500);
    expect(scheduleRound(ROUND)).toEqual(round);
    expect(round.every((s, i) => i === 0 || s.atMs >= round[i - 1].atMs)).toBe(true);
    const byTenth = Array.from({ length: 10 }, (_, t) => round.filter((s) => Math.floor(s.atMs / 60_000) === t).length);
    const middle = byTenth.slice(1, 9).reduce((a, b) => a + b, 0) / 8;
    expect(byTenth[0] / middle).toBeGreaterThan(2.4);
    expect(byTenth[9] / middle).toBeGreaterThan(2);
    const wrong = round.filter((s) => s.outcome !== 'ok').length / round.length;
    expect(wrong).toBeGreaterThan(0.22);
    expect(wrong).toBeLessThan(0.28);
    expect(new Set(round.map((s) => s.language))).toEqual(new Set(['cpp', 'python', 'java']));
    expect(round.every((s) => s.contestant >= 0 && s.contestant < 500 && s.problem >= 0 && s.problem < 8)).toBe(true);
    expect(scheduleRound({ ...ROUND, seed: 7 })).not.toEqual(round);
  });

  it('reads percentiles and a verdict’s staleness at its viewers', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(spread(values)).toEqual({ n: 100, p50: 50, p95: 95, p99: 99, max: 100 });
    expect(spread([])).toEqual({ n: 0, p50: null, p95: null, p99: null, max: null });
    // Written at 1,000; three of four viewers got the row, at 1,010, 1,030 and 1,500.
    expect(staleness(1000, [1010, 1500, 1030], 4)).toEqual({ median: 30, worst: 500, missing: 1 });
    expect(staleness(1000, [], 2)).toEqual({ median: null, worst: null, missing: 2 });
  });

  it('tables the round by minute of submission, the queue by minute of the round without its drain', () => {
    const verdicts = [
      { submittedMs: 10_000, latencyMs: 100, staleness: { median: 20, worst: 40, missing: 0 } },
      { submittedMs: 50_000, latencyMs: 300, staleness: { median: 30, worst: 90, missing: 0 } },
      { submittedMs: 70_000, latencyMs: 5000, staleness: { median: null, worst: null, missing: 0 } },
    ];
    const queue = [
      { atMs: 1000, depth: 3 },
      { atMs: 61_000, depth: 9 },
      { atMs: 130_000, depth: 50 },
    ];
    const [first, second] = perMinute(verdicts, queue, 120_000);
    expect(first).toMatchObject({ minute: 1, submissions: 2, maxQueueDepth: 3, staleness: { median: 20, worst: 90 } });
    expect(first.latency).toMatchObject({ p50: 100, p99: 300 });
    expect(second).toMatchObject({ minute: 2, submissions: 1, maxQueueDepth: 9, staleness: { median: null, worst: null } });
    expect(second.latency.p99).toBe(5000);
  });
});
