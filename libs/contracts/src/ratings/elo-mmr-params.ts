import type { RatingPoints } from '../units';

/**
 * Elo-MMR's parameters (Ebtekar and Liu, "Elo-MMR: A Rating System for Massive Multiplayer Competitions", WWW 2021),
 * in one place: the values of the authors' reference implementation (EbTech/Elo-MMR, `EloMMR::default`, logistic
 * model, ties counted as ties) and docs/ratings.md name each one.
 */
export const ELO_MMR_PARAMS = {
  /** A newcomer's prior: the mean μ₀ and the deviation σ₀ of their skill before any contest. */
  newcomerMu: 1500 as RatingPoints,
  newcomerSigma: 350 as RatingPoints,
  /** σ_lim: the deviation a player's skill tends to after many contests (each contest's drift is set from it). */
  sigmaLimit: 80 as RatingPoints,
  /** w_lim: a contest's weight; with σ_lim it sets the drift γ² = w·σ_lim² and the performance noise β² = (1 + 1/w)·σ_lim². */
  weightLimit: 0.2,
  /** ρ: how fast old performances' weight is transferred into the Gaussian prior as the skill drifts (1: the paper's). */
  transferSpeed: 1,
  /** The displayed (conservative) rating is μ − k·(σ − σ_lim): k deviations below the mean, as the reference shows it. */
  displayStdevs: 3,
  /** Performances kept per player; older ones are folded into the Gaussian prior (the reference's history bound). */
  maxHistory: 500,
  /** Where a performance or mean is sought: the reference's bounds. */
  searchBounds: [-6000, 9000] as [RatingPoints, RatingPoints],
} as const;
