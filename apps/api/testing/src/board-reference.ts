import type { ContestFormat, SubmissionStatus, SubtaskScoring } from '@oj/contracts';

/**
 * The contest board's reference model (issue 31): random contests, and their boards computed from scratch, plainly,
 * without the rules' code (libs/contracts/src/contests/rules.ts): per-test results → raw points → contest points →
 * cells → totals → ranks. Tests compare the board the judge keeps with it.
 */

export interface RefTest {
  points: number;
  subtask?: number;
}

export interface RefSubtask {
  name?: string;
  scoring: SubtaskScoring;
  /** A `min` subtask's own points; a `sum` subtask's is its tests' (the API stores it so). */
  points: number;
}

export interface RefProblem {
  label: string;
  tests: RefTest[];
  subtasks: RefSubtask[];
  /** What it is worth in the contest. */
  contestPoints: number;
}

/** One submission: its per-test outcomes (null for a compile error or a judge failure: no test ran). */
export interface RefSubmission {
  participant: string;
  label: string;
  minute: number;
  /** Whole seconds from the start, within `minute`. */
  elapsedSeconds: number;
  /** Hidden by the freeze from the fold being computed. */
  hidden: boolean;
  /** Each test's status in test order; `skipped` after a failure in its `min` subtask. */
  tests: ('accepted' | 'wrong_answer' | 'tle' | 'rte' | 'skipped')[] | null;
  /** `ce` or `failed` when `tests` is null. */
  noRun?: 'ce' | 'failed';
}

export interface RefContest {
  format: ContestFormat;
  penaltyMinutes: number;
  problems: RefProblem[];
  participants: string[];
  /** In submission order. */
  submissions: RefSubmission[];
}

export interface RefSubtaskCell {
  index: number;
  name?: string;
  earnedContestPoints: number;
  contestPoints: number;
}

export interface RefCell {
  attempts: number;
  solved: boolean;
  score: number;
  minute: number | null;
  elapsedSeconds: number | null;
  pending: number;
  subtasks?: RefSubtaskCell[];
}

export interface RefRow {
  rank: number;
  username: string;
  solved: number;
  score: number;
  penalty: number;
  cells: Record<string, RefCell>;
}

/** A seeded generator (mulberry32): the same seed, the same contests, so a failure can be replayed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The minute a random contest's freeze starts: results from it on are hidden from the public fold. */
export const REFERENCE_FREEZE_MINUTE = 150;

const FORMAT_PENALTY: Record<ContestFormat, number> = { icpc: 20, atcoder: 5, ioi: 0, oi: 0 };

/**
 * A random contest: 1–3 problems, with or without subtasks (`sum` and `min`, each with a test), tests of 0–9 points
 * (some problems worth 0 raw points), contest points 0–500 (rarely equal to the raw total or 100), and random per-test
 * results from a few participants, those from REFERENCE_FREEZE_MINUTE on hidden by a freeze. `forApi`: as the API
 * accepts problems (every test and subtask worth at least 1 point).
 */
export function randomContest(random: () => number, format: ContestFormat, forApi = false): RefContest {
  const least = forApi ? 1 : 0;
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)];
  const problems: RefProblem[] = Array.from({ length: int(1, 3) }, (_, p) => {
    const subtaskCount = random() < 0.4 ? 0 : int(1, 3);
    const tests: RefTest[] = Array.from({ length: subtaskCount + int(1, 5) }, (_, i) => {
      const subtask = i < subtaskCount ? i : subtaskCount && random() < 0.7 ? int(0, subtaskCount - 1) : undefined;
      return { points: random() < 0.1 ? least : int(1, 9), ...(subtask === undefined ? {} : { subtask }) };
    });
    const subtasks: RefSubtask[] = Array.from({ length: subtaskCount }, (_, s) => {
      const scoring: SubtaskScoring = random() < 0.5 ? 'min' : 'sum';
      const own = tests.filter((t) => t.subtask === s).reduce((sum, t) => sum + t.points, 0);
      return { ...(random() < 0.5 ? { name: `group ${s + 1}` } : {}), scoring, points: scoring === 'min' ? int(least, 40) : own };
    });
    const contestPoints = format === 'icpc' ? 1 : random() < 0.1 ? 0 : int(1, 500);
    return { label: String.fromCharCode(65 + p), tests, subtasks, contestPoints };
  });
  const participants = Array.from({ length: int(2, 5) }, (_, i) => `u${i}`);
  const submissions: RefSubmission[] = [];
  const count = int(0, 14);
  let minute = 0;
  for (let i = 0; i < count; i++) {
    minute += int(0, 25);
    const problem = pick(problems);
    const hidden = minute >= REFERENCE_FREEZE_MINUTE;
    // A second within the minute that takes no draw, so each seed's contests stay as they were.
    const elapsedSeconds = minute * 60 + ((i * 37) % 60);
    const roll = random();
    if (roll < 0.08) {
      submissions.push({
        participant: pick(participants),
        label: problem.label,
        minute,
        elapsedSeconds,
        hidden,
        tests: null,
        noRun: roll < 0.06 ? 'ce' : 'failed',
      });
      continue;
    }
    const passRate = pick([0.3, 0.7, 0.95, 1]);
    const failedMin = new Set<number>();
    const tests = problem.tests.map((test) => {
      const min = test.subtask !== undefined && problem.subtasks[test.subtask].scoring === 'min';
      if (min && failedMin.has(test.subtask as number)) return 'skipped' as const;
      if (random() < passRate) return 'accepted' as const;
      if (min) failedMin.add(test.subtask as number);
      return pick(['wrong_answer', 'tle', 'rte'] as const);
    });
    submissions.push({ participant: pick(participants), label: problem.label, minute, elapsedSeconds, hidden, tests });
  }
  return { format, penaltyMinutes: FORMAT_PENALTY[format], problems, participants, submissions };
}

/** A submission's status: compile error or failure, accepted when every test passed, else its first failing test's. */
export function referenceStatus(submission: RefSubmission): SubmissionStatus {
  if (!submission.tests) return submission.noRun ?? 'ce';
  const failing = submission.tests.find((s) => s !== 'accepted' && s !== 'skipped');
  return failing ?? 'accepted';
}

/** Raw points of one grading: earned per subtask and in no subtask, and the problem's raw total. */
export function referenceRawPoints(problem: RefProblem, submission: RefSubmission) {
  const passed = (i: number) => submission.tests?.[i] === 'accepted';
  const subtasks = problem.subtasks.map((subtask, s) => {
    const own = problem.tests.map((t, i) => ({ t, i })).filter(({ t }) => t.subtask === s);
    if (subtask.scoring === 'min') {
      return { earned: own.every(({ i }) => passed(i)) ? subtask.points : 0, worth: subtask.points };
    }
    let earned = 0;
    let worth = 0;
    for (const { t, i } of own) {
      worth += t.points;
      if (passed(i)) earned += t.points;
    }
    return { earned, worth };
  });
  let looseEarned = 0;
  let looseWorth = 0;
  problem.tests.forEach((t, i) => {
    if (t.subtask !== undefined) return;
    looseWorth += t.points;
    if (passed(i)) looseEarned += t.points;
  });
  let total = looseWorth;
  for (const s of subtasks) total += s.worth;
  return { subtasks, looseEarned, looseWorth, total };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The cell's moment: when `submission` was made. */
function setMoment(cell: RefCell, submission: RefSubmission): void {
  cell.minute = submission.minute;
  cell.elapsedSeconds = submission.elapsedSeconds;
}

/**
 * One cell from scratch. A compile error or a judge failure is not a try; a hidden try is pending; nothing counts
 * after the problem is solved. ICPC, AtCoder: solved at the first accepted, for the whole worth. IOI: for each
 * subtask the best share of the worth over the tries (raw earned / the grading's raw total), plus the best share of
 * the tests in no subtask taken together; solved at full points. OI: the last try's share; solved at full points.
 * A grading out of 0 raw points is full when accepted.
 */
export function referenceCell(format: ContestFormat, problem: RefProblem, submissions: RefSubmission[]): RefCell {
  const worth = problem.contestPoints;
  const cell: RefCell = { attempts: 0, solved: false, score: 0, minute: null, elapsedSeconds: null, pending: 0 };
  const bestSubtask: number[] = [];
  const subtaskWorth: number[] = [];
  let bestLoose = 0;
  let bestTotal = 0;
  let tried = false;
  for (const submission of submissions) {
    if (cell.solved) break;
    if (submission.hidden) {
      cell.pending++;
      continue;
    }
    const status = referenceStatus(submission);
    if (status === 'ce' || status === 'failed') continue;
    tried = true;
    if (status !== 'accepted') cell.attempts++;
    const raw = referenceRawPoints(problem, submission);
    if (format === 'icpc' || format === 'atcoder') {
      if (status === 'accepted') {
        cell.solved = true;
        cell.score = worth;
        setMoment(cell, submission);
      }
      continue;
    }
    let earned = raw.looseEarned;
    for (const s of raw.subtasks) earned += s.earned;
    if (format === 'oi') {
      const share = raw.total > 0 ? earned / raw.total : status === 'accepted' ? 1 : 0;
      cell.score = round2(worth * share);
      setMoment(cell, submission);
      cell.solved = share >= 1 - 1e-9;
      continue;
    }
    raw.subtasks.forEach((s, index) => {
      const share = raw.total > 0 ? s.earned / raw.total : 0;
      bestSubtask[index] = Math.max(bestSubtask[index] ?? 0, share);
      subtaskWorth[index] = raw.total > 0 ? s.worth / raw.total : 0;
    });
    const looseShare = raw.total > 0 ? raw.looseEarned / raw.total : status === 'accepted' ? 1 : 0;
    bestLoose = Math.max(bestLoose, looseShare);
    let total = 0;
    for (let index = 0; index < bestSubtask.length; index++) total += bestSubtask[index];
    total += bestLoose;
    if (total > bestTotal + 1e-9) {
      bestTotal = total;
      setMoment(cell, submission);
    }
    cell.score = round2(worth * total);
    cell.solved = total >= 1 - 1e-9;
  }
  if (format === 'ioi' && tried && problem.subtasks.length) {
    cell.subtasks = problem.subtasks.map((s, index) => ({
      index,
      ...(s.name ? { name: s.name } : {}),
      earnedContestPoints: round2(worth * bestSubtask[index]),
      contestPoints: round2(worth * subtaskWorth[index]),
    }));
  }
  return cell;
}

/** The contest as the live fold sees it (nothing hidden), or as OI's public fold does before the end (all hidden). */
export function everyResult(contest: RefContest, hidden: boolean): RefContest {
  return { ...contest, submissions: contest.submissions.map((s) => ({ ...s, hidden })) };
}

/** The whole board from scratch: every participant's cells, totals and rank as in sport (1, 2, 2, 4). */
export function referenceBoard(contest: RefContest): RefRow[] {
  const rows = contest.participants.map((username) => {
    const cells: Record<string, RefCell> = {};
    let solved = 0;
    let score = 0;
    let penalty = 0;
    let lastAc: number | null = null;
    let solvedAttempts = 0;
    for (const problem of contest.problems) {
      const mine = contest.submissions.filter((s) => s.participant === username && s.label === problem.label);
      const cell = referenceCell(contest.format, problem, mine);
      cells[problem.label] = cell;
      score += cell.score;
      if (!cell.solved) continue;
      solved++;
      solvedAttempts += cell.attempts;
      lastAc = Math.max(lastAc ?? 0, cell.minute ?? 0);
      if (contest.format === 'icpc') penalty += (cell.minute ?? 0) + contest.penaltyMinutes * cell.attempts;
    }
    if (contest.format === 'atcoder' && lastAc !== null) penalty = lastAc + contest.penaltyMinutes * solvedAttempts;
    return { username, solved, score: round2(score), penalty, lastAc: lastAc ?? 0, cells };
  });
  const better = (a: (typeof rows)[number], b: (typeof rows)[number]): number => {
    if (contest.format === 'icpc') return b.solved - a.solved || a.penalty - b.penalty || a.lastAc - b.lastAc;
    if (contest.format === 'atcoder') return b.score - a.score || a.penalty - b.penalty;
    return b.score - a.score;
  };
  return rows.map((row) => ({
    rank: 1 + rows.filter((other) => better(other, row) < 0).length,
    username: row.username,
    solved: row.solved,
    score: row.score,
    penalty: row.penalty,
    cells: row.cells,
  }));
}
