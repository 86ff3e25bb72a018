import { readDomjudgeIni } from './domjudge-ini';
import type { Yaml } from './icpc-test-data';
import type { PackageFiles, PackageTimeLimit } from './package-files';

/** The formats' defaults: legacy `time_multiplier` 5 (whole seconds); 2023-07 `ac_to_time_limit` 2, `time_resolution` 1 s. */
const LEGACY_MULTIPLIER = 5;
const MODERN_MULTIPLIER = 2;
const RESOLUTION_SECONDS = 1;

const positive = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

/**
 * The time limit as an ICPC package sets it, in the order a judge reads it: problem.yaml's `limits.time_limit`
 * (2023-07; our export writes it in legacy packages too), DOMjudge's `.timelimit` file (seconds, as problemtools
 * writes it), then `domjudge-problem.ini`'s `timelimit`. Without any, the format's rule on the accepted submissions:
 * 2023-07's `time_multipliers.ac_to_time_limit` (2) and `time_resolution` (1 s), legacy's `time_multiplier` (5).
 */
export function readIcpcTimeLimit(files: PackageFiles, limits: Yaml, modern: boolean): { seconds?: number; reading: PackageTimeLimit } {
  const stated = positive(limits.time_limit);
  if (stated !== undefined) return { seconds: stated, reading: { rule: 'package', detail: `problem.yaml limits.time_limit: ${stated} s` } };
  const file = positive(files.text('.timelimit')?.trim());
  if (file !== undefined) return { seconds: file, reading: { rule: 'timelimit-file', detail: `.timelimit: ${file} s` } };
  const ini = positive(readDomjudgeIni(files).timelimit);
  if (ini !== undefined) return { seconds: ini, reading: { rule: 'timelimit-file', detail: `domjudge-problem.ini timelimit: ${ini} s` } };
  const multipliers = (limits.time_multipliers ?? {}) as Yaml;
  const multiplier = modern
    ? (positive(multipliers.ac_to_time_limit) ?? MODERN_MULTIPLIER)
    : (positive(limits.time_multiplier) ?? LEGACY_MULTIPLIER);
  const resolutionSeconds = (modern && positive(limits.time_resolution)) || RESOLUTION_SECONDS;
  const key = modern ? 'limits.time_multipliers.ac_to_time_limit' : 'limits.time_multiplier';
  return {
    reading: {
      rule: 'derived',
      multiplier,
      resolutionSeconds,
      submissions: [],
      detail: `${key} ${multiplier} x the slowest accepted submission, rounded up to a multiple of ${resolutionSeconds} s`,
    },
  };
}

/** The derived limit: the slowest accepted time (ms) times the multiplier, rounded up to the resolution. */
export function derivedTimeLimitSeconds(slowestMs: number, multiplier: number, resolutionSeconds: number): number {
  const exact = (slowestMs / 1000) * multiplier;
  // A hair below a multiple (floating point: 0.3 * 5 = 1.5000000000000002) is not a step above it.
  const steps = Math.max(1, Math.ceil(exact / resolutionSeconds - 1e-9));
  return Number((steps * resolutionSeconds).toFixed(3));
}
