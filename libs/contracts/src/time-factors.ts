/**
 * Language time factors: a problem's CPU limit times its language's factor is what the sandbox enforces, so
 * slower runtimes get a fair share. Keyed by Judge0 CE language id; languages not listed run at factor 1.
 */
export type TimeFactors = Readonly<Record<number, number>>;

const COMPILED = 1;
const JVM = 2;
const INTERPRETED = 3;

/** Ids of Judge0 CE 1.13 and of this judge's local engine (1001 is PyPy there). */
export const DEFAULT_TIME_FACTORS: TimeFactors = {
  // C, C++ (GCC and Clang), Go, Rust
  48: COMPILED,
  49: COMPILED,
  50: COMPILED,
  52: COMPILED,
  53: COMPILED,
  54: COMPILED,
  75: COMPILED,
  76: COMPILED,
  60: COMPILED,
  95: COMPILED,
  73: COMPILED,
  // Java, Kotlin, Scala, C#
  62: JVM,
  91: JVM,
  78: JVM,
  81: JVM,
  51: JVM,
  // Python, PyPy, JavaScript, TypeScript, Ruby, PHP
  70: INTERPRETED,
  71: INTERPRETED,
  92: INTERPRETED,
  1001: INTERPRETED,
  63: INTERPRETED,
  93: INTERPRETED,
  74: INTERPRETED,
  94: INTERPRETED,
  72: INTERPRETED,
  68: INTERPRETED,
};

/** A factor must be a positive number no larger than this (30 s × 10 is already five minutes of CPU). */
export const MAX_TIME_FACTOR = 10;
const FORMAT = 'LANGUAGE_TIME_FACTORS must be a JSON object of language id → factor, e.g. {"71": 3, "62": 2}';

/**
 * The factors from `LANGUAGE_TIME_FACTORS` (a JSON object of language id → factor) over the defaults; throws with
 * a message naming the bad entry. Empty or unset keeps the defaults.
 */
export function parseTimeFactors(json: string | undefined): TimeFactors {
  if (!json?.trim()) return DEFAULT_TIME_FACTORS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error(FORMAT);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(FORMAT);
  }
  const factors: Record<number, number> = { ...DEFAULT_TIME_FACTORS };
  for (const [key, value] of Object.entries(parsed)) {
    if (!/^[1-9]\d{0,9}$/.test(key)) throw new Error(`LANGUAGE_TIME_FACTORS: "${key}" is not a language id`);
    if (typeof value !== 'number' || !(value > 0) || value > MAX_TIME_FACTOR) {
      throw new Error(`LANGUAGE_TIME_FACTORS: the factor of language ${key} must be a number above 0 and at most ${MAX_TIME_FACTOR}`);
    }
    factors[Number(key)] = value;
  }
  return factors;
}

export function timeFactorOf(factors: TimeFactors, languageId: number): number {
  return factors[languageId] ?? 1;
}

/** Seconds of CPU a run in this language gets: the problem's limit times the factor, to the millisecond. */
export function effectiveCpuTimeLimit(factors: TimeFactors, languageId: number, cpuTimeLimit: number): number {
  return Math.round(cpuTimeLimit * timeFactorOf(factors, languageId) * 1000) / 1000;
}

/** One language's limit as the problem page shows it ("Python: 3 s"). */
export interface EffectiveCpuTimeLimit {
  languageId: number;
  seconds: number;
}
