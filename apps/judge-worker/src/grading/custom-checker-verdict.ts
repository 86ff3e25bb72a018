import { CHECKER_CPU_SECONDS, JuryCall, ToolRun } from '../engines/judge-engine';

/** How a custom checker's run ended, as the sandbox reports it. */
export type CheckerRun = ToolRun;

/** A checker's judgement of one output: `fraction` of the test's points (partial credit is a wrong answer). */
export interface CheckerJudgement {
  status: 'accepted' | 'wrong_answer';
  fraction: number;
  message: string;
}

/**
 * The checker itself failed (exit 3, a crash, its own limits, output it may not give): the problem's fault, not
 * the contestant's, so the submission ends `failed` with this message instead of receiving a verdict.
 */
export class CheckerFailure extends Error {}

/** The interactor failed (the same ways, or it kept the program waiting): the problem's fault too. */
export class InteractorFailure extends CheckerFailure {}

/** Which jury program's run is read: its failures are named after it. */
export type JuryRole = 'checker' | 'interactor';

const MESSAGE_MAX_CHARS = 500;
const PARTIAL_BASE = 16;
const POINTS_EXIT = 7;

/** The checker's first line of standard error (where testlib writes its verdict), capped. */
function firstLine(stderr: Buffer): string {
  const text = stderr.toString('utf8', 0, Math.min(stderr.length, 4 * MESSAGE_MAX_CHARS));
  const end = text.indexOf('\n');
  return (end < 0 ? text : text.slice(0, end)).trim().slice(0, MESSAGE_MAX_CHARS);
}

function judgement(fraction: number, message: string): CheckerJudgement {
  return { status: fraction === 1 ? 'accepted' : 'wrong_answer', fraction, message };
}

/**
 * testlib's points (quitp, quitpartial) as a fraction of the test's `testPoints`. From a program built with our
 * testlib.h, from 0 to 1 they are the fraction itself (our header's meaning) and above 1 absolute points; from one
 * built with its own (upstream) testlib.h (`absolute`), always absolute points, as Polygon reads them. Absolute
 * points are capped at the test's. Negative or non-numeric points are the jury program's failure.
 */
export function testlibPointsFraction(points: number, testPoints: number, absolute = false): number | null {
  if (!(points >= 0) || !Number.isFinite(points)) return null;
  if (points <= 1 && !absolute) return points;
  return testPoints > 0 ? Math.min(points, testPoints) / testPoints : 1;
}

/** How a jury program's run ended when it did not exit by itself: always its own failure. */
function limitFailure(run: CheckerRun, role: JuryRole, the: string, message: string): string | null {
  if (run.termination === 'cpu-limit' || run.termination === 'wall-limit')
    return `${the} exceeded its time limit${role === 'checker' ? ` (${CHECKER_CPU_SECONDS} s)` : ''}.`;
  if (run.termination === 'memory-limit') return `${the} exceeded its memory limit.`;
  if (run.termination === 'output-limit') return `${the} printed too much.`;
  if (run.termination !== 'exited' || run.exitCode === null) return `${the} crashed${message ? `: ${message}` : '.'}`;
  return null;
}

const failureOf = (role: JuryRole) => (text: string) => (role === 'checker' ? new CheckerFailure(text) : new InteractorFailure(text));
const nameOf = (role: JuryRole) => `The ${role}`;

/**
 * The testlib convention, for checkers and interactors alike: exit 0 accepted, 1 wrong answer, 2 presentation
 * error (a wrong answer here), 3 jury failure; partial credit is exit 7 with "points <p> …" first on stderr (our
 * testlib.h's quitp, read by testlibPointsFraction against the test's `testPoints`), or exit 16 + n for n % (testlib's
 * _pc). The first line of stderr is the test's message.
 */
export function checkerJudgement(run: CheckerRun, role: JuryRole = 'checker', testPoints = 1, ownTestlib = false): CheckerJudgement {
  const message = firstLine(run.stderr);
  const the = nameOf(role);
  const fail = failureOf(role);
  const limit = limitFailure(run, role, the, message);
  if (limit) throw fail(limit);
  const code = run.exitCode as number;
  if (code === 0) return judgement(1, message);
  if (code === 1 || code === 2) return judgement(0, message);
  if (code === 3) throw fail(`${the} failed: ${message || 'no message'}`);
  if (code === POINTS_EXIT) {
    const points = /^points\s+(\S+)\s*(.*)$/.exec(message);
    if (!points) throw fail(`${the} exited with code ${POINTS_EXIT} without a points line.`);
    const fraction = testlibPointsFraction(Number(points[1]), testPoints, ownTestlib);
    if (fraction === null) throw fail(`${the} gave invalid points: ${message}`);
    return judgement(fraction, points[2]);
  }
  if (code >= PARTIAL_BASE && code <= PARTIAL_BASE + 100) return judgement((code - PARTIAL_BASE) / 100, message);
  throw fail(`${the} exited with code ${code}${message ? `: ${message}` : '.'}`);
}

/** ICPC output validators' exit codes. */
export const ICPC_ACCEPT = 42;
export const ICPC_REJECT = 43;
const DECIMAL = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;

/** A feedback file's number, or null when it holds anything else. */
function feedbackNumber(text: string): number | null {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed) : null;
}

/** A feedback message as the test shows it: whitespace trimmed, capped. */
const feedbackMessage = (text: string | null) => (text ?? '').trim().slice(0, MESSAGE_MAX_CHARS);

/**
 * The ICPC output-validator convention (problem package format, legacy and 2023-07), for checkers and interactors
 * alike: exit 42 accepted, 43 wrong answer, anything else (0 included), a crash or a limit is the validator's
 * failure. The test's message is judgemessage.txt (else teammessage.txt). On 42 a scoring validator may write
 * score_multiplier.txt (a fraction 0..1 of the test's points) or score.txt (the test's score in points, 0 to the
 * test's `testPoints`), not both; without either the test gets its full points. On 43 the test scores 0 and score
 * files are ignored.
 */
export function icpcJudgement(run: CheckerRun, role: JuryRole, testPoints: number): CheckerJudgement {
  const the = nameOf(role);
  const fail = failureOf(role);
  const feedback = run.feedback;
  const message = feedbackMessage(feedback?.judgeMessage ?? null) || feedbackMessage(feedback?.teamMessage ?? null);
  const limit = limitFailure(run, role, the, message || firstLine(run.stderr));
  if (limit) throw fail(limit);
  const code = run.exitCode as number;
  if (code === ICPC_REJECT) return judgement(0, message);
  if (code !== ICPC_ACCEPT) {
    const said = message || firstLine(run.stderr);
    throw fail(
      `${the} exited with code ${code} (an ICPC validator exits with ${ICPC_ACCEPT} or ${ICPC_REJECT})${said ? `: ${said}` : '.'}`,
    );
  }
  const score = feedback?.score ?? null;
  const multiplier = feedback?.scoreMultiplier ?? null;
  if (score !== null && multiplier !== null) throw fail(`${the} wrote both score.txt and score_multiplier.txt.`);
  if (multiplier !== null) {
    const fraction = feedbackNumber(multiplier);
    if (fraction === null || fraction < 0 || fraction > 1)
      throw fail(`${the} wrote a score_multiplier.txt outside 0..1: ${multiplier.trim().slice(0, 50)}`);
    return judgement(fraction, message);
  }
  if (score !== null) {
    const points = feedbackNumber(score);
    if (points === null || points < 0) throw fail(`${the} wrote an invalid score.txt: ${score.trim().slice(0, 50)}`);
    if (points > testPoints) throw fail(`${the} scored ${points}, more than the test's ${testPoints} points.`);
    return judgement(testPoints > 0 ? points / testPoints : 1, message);
  }
  return judgement(1, message);
}

/** A checker's or interactor's judgement in its protocol, against a test worth `testPoints`. */
export function juryJudgement(run: CheckerRun, call: JuryCall, role: JuryRole, testPoints: number): CheckerJudgement {
  return call.protocol === 'icpc' ? icpcJudgement(run, role, testPoints) : checkerJudgement(run, role, testPoints, call.ownTestlib);
}
