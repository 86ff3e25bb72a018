/** The ways a contest ranks its participants (README "Contests" states each format's rules). */
export const CONTEST_FORMATS = ['icpc', 'ioi', 'atcoder', 'oi'] as const;
export type ContestFormat = (typeof CONTEST_FORMATS)[number];

/** Minutes added per rejected attempt before an accepted one; IOI and OI rank by score alone. */
export const DEFAULT_PENALTY_MINUTES: Record<ContestFormat, number> = { icpc: 20, ioi: 0, atcoder: 5, oi: 0 };

/** A problem's points when the contest does not say: AtCoder has none, its problems must carry their own. */
export const DEFAULT_PROBLEM_POINTS: Record<ContestFormat, number | null> = { icpc: 1, ioi: 100, atcoder: null, oi: 100 };

/** Formats graded ICPC-style: a submission's grading stops at its first failing test, the rest skipped. */
export const STOP_AT_FIRST_FAILURE_FORMATS: readonly ContestFormat[] = ['icpc'];

export function stopsAtFirstFailure(format: ContestFormat): boolean {
  return STOP_AT_FIRST_FAILURE_FORMATS.includes(format);
}

/** An official participant registered before or during the contest; a virtual one replays it after the end. */
export const PARTICIPATION_KINDS = ['official', 'virtual'] as const;
export type ParticipationKind = (typeof PARTICIPATION_KINDS)[number];

/** One label per letter: a round longer than 26 problems is not a contest any judge we compare with runs. */
export const MAX_CONTEST_PROBLEMS = 26;
export const CONTEST_LABEL_PATTERN = /^[A-Z][A-Z0-9]{0,3}$/;
export const MAX_CONTEST_TITLE_LENGTH = 200;
export const MAX_CONTEST_DESCRIPTION_LENGTH = 50_000;
export const MAX_ACCESS_CODE_LENGTH = 100;
/**
 * A contest's access code must resist guessing (issue 32): at least 10 characters of letters, digits, '-' and '_'
 * (no spaces, so it survives being pasted from a message), mixing letters and digits unless it is a passphrase of
 * 16 or more. Wrong codes are rate-limited besides (README "Security"). Codes saved before the rule keep working until
 * the contest is saved again.
 */
export const MIN_ACCESS_CODE_LENGTH = 10;
/** From this length a code needs no digit (a passphrase); shorter ones mix letters and digits. */
export const UNMIXED_ACCESS_CODE_LENGTH = 16;
const CODE_CHARS = '[A-Za-z0-9_-]';
export const ACCESS_CODE_PATTERN = new RegExp(
  `^(?=.*[A-Za-z])(?:(?=.*[0-9])${CODE_CHARS}{${MIN_ACCESS_CODE_LENGTH},${MAX_ACCESS_CODE_LENGTH}}|${CODE_CHARS}{${UNMIXED_ACCESS_CODE_LENGTH},${MAX_ACCESS_CODE_LENGTH}})$`,
);
export const ACCESS_CODE_RULE =
  `accessCode must be ${MIN_ACCESS_CODE_LENGTH} to ${MAX_ACCESS_CODE_LENGTH} letters, digits, '-' or '_', with a letter, ` +
  `and a digit too when shorter than ${UNMIXED_ACCESS_CODE_LENGTH}.`;
/** A year: longer windows are typing mistakes, and the bound keeps minute arithmetic in integers. */
export const MAX_CONTEST_MINUTES = 366 * 24 * 60;
export const MAX_CONTEST_PROBLEM_POINTS = 100_000;

/** The default label of the problem at `index`: A, B, C… */
export function defaultContestLabel(index: number): string {
  return String.fromCharCode(65 + index);
}

/** Whole minutes from `start` to `at`, floored: the clock every format counts in. */
export function contestMinute(at: Date, start: Date): number {
  return Math.floor((at.getTime() - start.getTime()) / 60_000);
}
