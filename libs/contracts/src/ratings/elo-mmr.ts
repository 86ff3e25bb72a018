import type { RatingPoints } from '../units';
import { ELO_MMR_PARAMS } from './elo-mmr-params';

/**
 * Elo-MMR (Ebtekar and Liu, WWW 2021), the logistic model, written from the paper: each contest is one round in
 * which every participant's performance is the maximum-likelihood skill given the ranks (§3.2), and their skill's
 * posterior is the robust average of their performances over a Gaussian prior (§3.3), after a drift between rounds
 * that transfers old performances' weight into the prior (§4, transfer speed ρ). Parameters: ELO_MMR_PARAMS.
 */

/** π/√3: a logistic's scale per standard deviation. */
const TANH_MULTIPLIER = Math.PI / Math.sqrt(3);

/** From this many participants, the sum over everyone is read from a table (tabulated) rather than summed per step. */
export const ELO_MMR_TABLE_FROM = 256;

/** The table's step, in rating points: its cubic interpolation errs by under 1e-5 rating points (tabulated). */
const TABLE_STEP = 8;

/** A Gaussian belief about a skill. */
export interface GaussianFactor {
  mu: RatingPoints;
  sigma: RatingPoints;
}

/** One past performance as a logistic factor of the posterior: weight 1/σ², in the reference's (w_arg, w_out) form. */
export interface LogisticFactor {
  mu: RatingPoints;
  wArg: number;
  wOut: number;
}

/** What Elo-MMR keeps of a player between contests: the whole of their rating, enough to go on from it. */
export interface PlayerRatingState {
  /** The Gaussian prior (the newcomer's, with drifted old performances' weight moved into it). */
  normal: GaussianFactor;
  /** The performances not yet folded into the prior, oldest first. */
  factors: LogisticFactor[];
  /** The approximate posterior: the skill's mean and deviation now. */
  posterior: GaussianFactor;
  /** Rated contests played. */
  contests: number;
}

/** A participant's place: their rank as the board numbers it (1, 2, 2, 4: ties share the better rank). */
export interface RatedStanding {
  playerId: string;
  rank: number;
}

/** A participant's round: their performance and their state after it. */
export interface RoundResult {
  performance: RatingPoints;
  state: PlayerRatingState;
}

/** A player before any rated contest: the prior N(μ₀, σ₀²). */
export function newcomerState(): PlayerRatingState {
  const prior = { mu: ELO_MMR_PARAMS.newcomerMu, sigma: ELO_MMR_PARAMS.newcomerSigma };
  return { normal: prior, factors: [], posterior: prior, contests: 0 };
}

/** The displayed, conservative rating: μ − k·(σ − σ_lim), rounded (the reference implementation's). */
export function displayRating(state: PlayerRatingState): RatingPoints {
  const { displayStdevs, sigmaLimit } = ELO_MMR_PARAMS;
  return Math.round(state.posterior.mu - displayStdevs * (state.posterior.sigma - sigmaLimit));
}

/** The logistic factor of a Gaussian performance N(μ, σ²): weight 1/σ². */
function logisticOf(mu: RatingPoints, sigma: RatingPoints): LogisticFactor {
  const w = TANH_MULTIPLIER / sigma;
  return { mu, wArg: w / 2, wOut: w };
}

function factorWeight(factor: LogisticFactor): number {
  return (factor.wArg * factor.wOut * 2) / TANH_MULTIPLIER ** 2;
}

/**
 * The zero of a strictly monotone function on the search bounds: Newton's steps kept inside a shrinking bracket
 * (the reference's safeguard), so it converges where a plain Newton step would overshoot a flat tanh.
 * `f` returns the value and the derivative; `decreasing` says which way it runs.
 */
function solve(f: (x: number) => [number, number], decreasing: boolean, start?: number): number {
  let [lo, hi] = ELO_MMR_PARAMS.searchBounds;
  let guess = start !== undefined && start > lo && start < hi ? start : (lo + hi) / 2;
  for (let step = 0; step < 200; step++) {
    const [value, slope] = f(guess);
    if (value === 0) return guess;
    const below = decreasing ? value > 0 : value < 0;
    if (below) lo = guess;
    else hi = guess;
    const newton = guess - value / slope;
    const next = Number.isFinite(newton) && newton > lo && newton < hi ? newton : (lo + hi) / 2;
    if (Math.abs(next - guess) < 1e-9 || hi - lo < 1e-9) return next;
    guess = next;
  }
  return guess;
}

/**
 * The sum over everyone, `f`, read from its values and slopes every TABLE_STEP points over the search bounds, between
 * them by cubic Hermite interpolation (exact for a cubic; on tanh terms of scale ≥ 230 points the error is below 1e-8
 * of the total weight, under 1e-5 rating points of performance). A round of n participants
 * costs n × (table points) terms once instead of n per step of every rank's solve: 10,000 distinct ranks went from
 * minutes to under a second (bench/ratings).
 */
function tabulated(f: (x: number) => [number, number]): (x: number) => [number, number] {
  const [from, to] = ELO_MMR_PARAMS.searchBounds;
  const points = Math.ceil((to - from) / TABLE_STEP) + 1;
  const values = new Float64Array(points);
  const slopes = new Float64Array(points);
  for (let i = 0; i < points; i++) [values[i], slopes[i]] = f(from + i * TABLE_STEP);
  return (x) => {
    const at = (x - from) / TABLE_STEP;
    const i = Math.floor(at);
    if (i < 0 || i >= points - 1) return f(x);
    const t = at - i;
    const [y0, y1, m0, m1] = [values[i], values[i + 1], slopes[i] * TABLE_STEP, slopes[i + 1] * TABLE_STEP];
    const t2 = t * t;
    const t3 = t2 * t;
    const value = (2 * t3 - 3 * t2 + 1) * y0 + (t3 - 2 * t2 + t) * m0 + (-2 * t3 + 3 * t2) * y1 + (t3 - t2) * m1;
    const slope = ((6 * t2 - 6 * t) * y0 + (3 * t2 - 4 * t + 1) * m0 + (-6 * t2 + 6 * t) * y1 + (3 * t2 - 2 * t) * m1) / TABLE_STEP;
    return [value, slope];
  };
}

/**
 * The drift between rounds (§4): the posterior's deviation grows by γ, and a share of the old performances' weight
 * (transfer = decay^ρ) moves into the Gaussian prior, the rest decaying in place.
 */
function drift(state: PlayerRatingState, sigmaDrift: number): PlayerRatingState {
  const posterior = { mu: state.posterior.mu, sigma: Math.hypot(state.posterior.sigma, sigmaDrift) };
  const decay = (state.posterior.sigma / posterior.sigma) ** 2;
  const transfer = decay ** ELO_MMR_PARAMS.transferSpeed;
  const normalWeight = state.normal.sigma ** -2;
  const fromNormal = transfer * normalWeight;
  const fromTransfers = (1 - transfer) * (normalWeight + state.factors.reduce((sum, f) => sum + factorWeight(f), 0));
  const total = fromNormal + fromTransfers;
  return {
    normal: { mu: (fromNormal * state.normal.mu + fromTransfers * posterior.mu) / total, sigma: (decay * total) ** -0.5 },
    factors: state.factors.map((f) => ({ ...f, wOut: f.wOut * transfer * decay })),
    posterior,
    contests: state.contests,
  };
}

/**
 * The posterior after a performance (§3.3): its mean the zero of wₙ·(x − μₙ) + Σ wOut·tanh((x − μ)·wArg) over the
 * prior and the kept performances (a robust average); its deviation the Gaussian update by the performance's noise.
 */
function withPerformance(state: PlayerRatingState, performance: RatingPoints, sigmaPerf: number): PlayerRatingState {
  let normal = state.normal;
  let factors = state.factors;
  if (factors.length >= ELO_MMR_PARAMS.maxHistory) {
    // The oldest performance joins the prior, keeping its weight.
    const [oldest, ...rest] = factors;
    const wn = normal.sigma ** -2;
    const wl = factorWeight(oldest);
    normal = { mu: (wn * normal.mu + wl * oldest.mu) / (wn + wl), sigma: (wn + wl) ** -0.5 };
    factors = rest;
  }
  factors = [...factors, logisticOf(performance, sigmaPerf)];
  const wn = normal.sigma ** -2;
  const mu = solve(
    (x) => {
      let value = wn * (x - normal.mu);
      let slope = wn;
      for (const f of factors) {
        const t = Math.tanh((x - f.mu) * f.wArg);
        value += t * f.wOut;
        slope += (1 - t * t) * f.wArg * f.wOut;
      }
      return [value, slope];
    },
    false,
    state.posterior.mu,
  );
  const sigma = (state.posterior.sigma ** -2 + sigmaPerf ** -2) ** -0.5;
  return { normal, factors, posterior: { mu, sigma }, contests: state.contests + 1 };
}

/** Whether a round tells anything: at least two participants who do not all tie (the reference skips it otherwise). */
export function isRatedRound(standings: readonly RatedStanding[]): boolean {
  return standings.length >= 2 && standings.some((s) => s.rank !== standings[0].rank);
}

/**
 * One rated round: each participant's performance and new state, from their states before it (`before`: absent for
 * a newcomer). Every participant is compared with every other (no subsampling). Ties count as ties: a tied
 * opponent's term counts twice its density, a win or a loss once plus or minus its weight (§3.2, eq. 7).
 *
 * A participant's performance p solves Σⱼ vⱼ(p) + Σ_{j tied with them} vⱼ(p) + Σ_{j below} wⱼ − Σ_{j above} wⱼ = 0,
 * vⱼ(p) = −wⱼ·tanh((p − μⱼ)·wArgⱼ): the first sum is the same function for everyone and the rest depends only on the
 * rank, so each distinct rank is solved once (all newcomers tied at zero points share one solve). From `tableFrom`
 * participants the first sum is read from a table (tabulated).
 */
export function rateRound(
  standings: readonly RatedStanding[],
  before: (playerId: string) => PlayerRatingState | undefined,
  tableFrom = ELO_MMR_TABLE_FROM,
): Map<string, RoundResult> {
  const { weightLimit, sigmaLimit } = ELO_MMR_PARAMS;
  const sigmaPerf = Math.sqrt(1 + 1 / weightLimit) * sigmaLimit;
  const sigmaDrift = Math.sqrt(weightLimit) * sigmaLimit;
  const ordered = [...standings].sort((a, b) => a.rank - b.rank);
  const drifted = ordered.map((s) => drift(before(s.playerId) ?? newcomerState(), sigmaDrift));
  const n = ordered.length;
  const mus = new Float64Array(n);
  const wArgs = new Float64Array(n);
  const wOuts = new Float64Array(n);
  drifted.forEach((state, i) => {
    const term = logisticOf(state.posterior.mu, Math.hypot(state.posterior.sigma, sigmaPerf));
    mus[i] = term.mu;
    wArgs[i] = term.wArg;
    wOuts[i] = term.wOut;
  });
  const terms = (x: number, from: number, to: number): [number, number] => {
    let value = 0;
    let slope = 0;
    for (let j = from; j < to; j++) {
      const t = Math.tanh((x - mus[j]) * wArgs[j]);
      value -= t * wOuts[j];
      slope -= (1 - t * t) * wArgs[j] * wOuts[j];
    }
    return [value, slope];
  };
  const everyone = n >= tableFrom ? tabulated((x) => terms(x, 0, n)) : (x: number) => terms(x, 0, n);
  const totalWeight = wOuts.reduce((sum, w) => sum + w, 0);
  const results = new Map<string, RoundResult>();
  let above = 0;
  let previous: number | undefined;
  for (let start = 0; start < n;) {
    let end = start;
    let tiedWeight = 0;
    while (end < n && ordered[end].rank === ordered[start].rank) tiedWeight += wOuts[end++];
    const below = totalWeight - above - tiedWeight;
    const tieStart = start;
    const tieEnd = end;
    const performance = solve(
      (x) => {
        const [all, allSlope] = everyone(x);
        const [tied, tiedSlope] = terms(x, tieStart, tieEnd);
        return [all + tied + below - above, allSlope + tiedSlope];
      },
      true,
      previous,
    );
    for (let i = start; i < end; i++) {
      results.set(ordered[i].playerId, { performance, state: withPerformance(drifted[i], performance, sigmaPerf) });
    }
    previous = performance;
    above += tiedWeight;
    start = end;
  }
  return results;
}
