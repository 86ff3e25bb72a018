import {
  displayRating,
  ELO_MMR_TABLE_FROM,
  isRatedRound,
  newcomerState,
  type PlayerRatingState,
  type RatedStanding,
  rateRound,
} from './elo-mmr';
import { ELO_MMR_PARAMS } from './elo-mmr-params';
import { ratingTier } from './tiers';

/**
 * The hand-computed cases follow the paper's definitions directly (Ebtekar and Liu 2021): newcomers N(1500, 350²),
 * the drift γ² = w·σ_lim², the performance noise β² = (1 + 1/w)·σ_lim², logistic terms of scale √3/π per deviation.
 */
const TM = Math.PI / Math.sqrt(3);
const { weightLimit: w, sigmaLimit } = ELO_MMR_PARAMS;
const driftedVariance = 350 ** 2 + w * sigmaLimit ** 2; // 123,780
const perfVariance = (1 + 1 / w) * sigmaLimit ** 2; // 38,400
const newcomerTermWeight = TM / Math.sqrt(driftedVariance + perfVariance);

/** The zero of an increasing function, by bisection: the plainest way to solve the paper's equations. */
function bisect(f: (x: number) => number, lo = -6000, hi = 9000): number {
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) < 0) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** A newcomer's posterior mean after one performance p: the zero of (x − 1500)/σ² + w_p·tanh((x − p)·w_p/2). */
function newcomerMeanAfter(performance: number): number {
  const wp = TM / Math.sqrt(perfVariance);
  return bisect((x) => (x - 1500) / driftedVariance + wp * Math.tanh(((x - performance) * wp) / 2));
}

const round = (standings: [string, number][], states: Map<string, PlayerRatingState> = new Map()) =>
  rateRound(
    standings.map(([playerId, rank]): RatedStanding => ({ playerId, rank })),
    (id) => states.get(id),
  );

describe('Elo-MMR', () => {
  it("shows a newcomer's prior as 1500 − 3·(350 − 80) = 690", () => {
    expect(displayRating(newcomerState())).toBe(690);
  });

  it('rates two newcomers by the paper: performance 1500 ± (2/w)·atanh(1/3), the mean a robust average', () => {
    const results = round([
      ['a', 1],
      ['b', 2],
    ]);
    const gap = (2 / newcomerTermWeight) * Math.atanh(1 / 3);
    const a = results.get('a')!;
    const b = results.get('b')!;
    expect(a.performance).toBeCloseTo(1500 + gap, 6);
    expect(b.performance).toBeCloseTo(1500 - gap, 6);
    expect(gap).toBeCloseTo(153.9, 1);
    const sigma = (1 / driftedVariance + 1 / perfVariance) ** -0.5;
    expect(a.state.posterior.mu).toBeCloseTo(newcomerMeanAfter(1500 + gap), 6);
    expect(a.state.posterior.sigma).toBeCloseTo(sigma, 9);
    expect(b.state.posterior.mu).toBeCloseTo(newcomerMeanAfter(1500 - gap), 6);
    expect(displayRating(a.state)).toBe(Math.round(newcomerMeanAfter(1500 + gap) - 3 * (sigma - 80)));
    expect(a.state.contests).toBe(1);
  });

  it('counts a tie as a tie: 1st, then two tied 2nd give tanh = 1/2 and −1/5', () => {
    const results = round([
      ['a', 1],
      ['b', 2],
      ['c', 2],
    ]);
    const at = (t: number) => 1500 + (2 / newcomerTermWeight) * Math.atanh(t);
    expect(results.get('a')!.performance).toBeCloseTo(at(1 / 2), 6);
    expect(results.get('b')!.performance).toBeCloseTo(at(-1 / 5), 6);
    expect(results.get('c')!.performance).toBe(results.get('b')!.performance);
    expect(results.get('c')!.state).toEqual(results.get('b')!.state);
  });

  it('orders performances and ratings by rank, and keeps the states it was given', () => {
    const first = round([
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ]);
    const states = new Map([...first].map(([id, r]) => [id, r.state]));
    const frozen = JSON.stringify([...states]);
    const second = round(
      [
        ['d', 1],
        ['c', 2],
        ['b', 3],
        ['a', 4],
        ['e', 5],
      ],
      states,
    );
    expect(JSON.stringify([...states])).toBe(frozen);
    const perf = ['d', 'c', 'b', 'a', 'e'].map((id) => second.get(id)!.performance);
    expect([...perf].sort((x, y) => y - x)).toEqual(perf);
    // d rose from last to first: their mean goes up, a's down; the deviations shrink with a second contest.
    expect(second.get('d')!.state.posterior.mu).toBeGreaterThan(states.get('d')!.posterior.mu);
    expect(second.get('a')!.state.posterior.mu).toBeLessThan(states.get('a')!.posterior.mu);
    expect(second.get('a')!.state.posterior.sigma).toBeLessThan(states.get('a')!.posterior.sigma);
    expect(second.get('a')!.state.factors).toHaveLength(2);
  });

  it('does not inflate: a crowd of newcomers beaten by one player moves the winner by a bounded amount', () => {
    const standings: [string, number][] = [['top', 1], ...Array.from({ length: 999 }, (_, i): [string, number] => [`p${i}`, 2])];
    const results = round(standings);
    const top = results.get('top')!;
    expect(top.performance).toBeLessThan(3500);
    expect(displayRating(top.state)).toBeGreaterThan(displayRating(results.get('p0')!.state));
  });

  it('reads the sum over everyone from its table to within 1e-4 rating points', () => {
    const n = ELO_MMR_TABLE_FROM + 44;
    const first = rateRound(
      Array.from({ length: n }, (_, i) => ({ playerId: `p${i}`, rank: 1 + Math.floor(i / 3) })),
      () => undefined,
    );
    const standings = Array.from({ length: n }, (_, i) => ({ playerId: `p${i}`, rank: 1 + ((i * 7919) % n) }));
    const tabulated = rateRound(standings, (id) => first.get(id)?.state);
    const summed = rateRound(standings, (id) => first.get(id)?.state, Infinity);
    for (const [id, result] of summed) {
      expect(Math.abs(tabulated.get(id)!.performance - result.performance)).toBeLessThan(1e-4);
      expect(Math.abs(tabulated.get(id)!.state.posterior.mu - result.state.posterior.mu)).toBeLessThan(1e-4);
    }
  });

  it('folds the oldest performance into the prior past the history bound', () => {
    let states = new Map<string, PlayerRatingState>();
    for (let i = 0; i < ELO_MMR_PARAMS.maxHistory + 2; i++) {
      const results = round(
        [
          ['a', 1 + (i % 2)],
          ['b', 2 - (i % 2)],
        ],
        states,
      );
      states = new Map([...results].map(([id, r]) => [id, r.state]));
    }
    expect(states.get('a')!.factors).toHaveLength(ELO_MMR_PARAMS.maxHistory);
    expect(states.get('a')!.contests).toBe(ELO_MMR_PARAMS.maxHistory + 2);
    expect(Math.abs(states.get('a')!.posterior.mu - 1500)).toBeLessThan(60);
  });

  it('rates a round only when someone is ranked apart', () => {
    expect(isRatedRound([{ playerId: 'a', rank: 1 }])).toBe(false);
    expect(
      isRatedRound([
        { playerId: 'a', rank: 1 },
        { playerId: 'b', rank: 1 },
      ]),
    ).toBe(false);
    expect(
      isRatedRound([
        { playerId: 'a', rank: 1 },
        { playerId: 'b', rank: 2 },
      ]),
    ).toBe(true);
  });

  it('gives tiers by displayed rating', () => {
    expect(ratingTier(null)).toBeNull();
    expect(ratingTier(690)?.id).toBe('newcomer');
    expect(ratingTier(1200)?.id).toBe('apprentice');
    expect(ratingTier(1599)?.id).toBe('specialist');
    expect(ratingTier(3000)?.id).toBe('grandmaster');
  });
});
