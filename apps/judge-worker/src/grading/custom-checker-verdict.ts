import { CHECKER_CPU_SECONDS, ToolRun } from '../engines/judge-engine';

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

function judgement(fraction: number, message: string, fail: (text: string) => CheckerFailure, the: string): CheckerJudgement {
  if (!(fraction >= 0 && fraction <= 1)) throw fail(`${the} gave points outside 0..1: ${message}`);
  return { status: fraction === 1 ? 'accepted' : 'wrong_answer', fraction, message };
}

/**
 * The testlib convention, for checkers and interactors alike: exit 0 accepted, 1 wrong answer, 2 presentation
 * error (a wrong answer here), 3 jury failure; partial credit is exit 7 with "points <fraction> …" first on stderr
 * (our testlib.h's quitp), or exit 16 + n for n % (testlib's _pc). The first line of stderr is the test's message.
 */
export function checkerJudgement(run: CheckerRun, role: JuryRole = 'checker'): CheckerJudgement {
  const message = firstLine(run.stderr);
  const the = `The ${role}`;
  const fail = (text: string) => (role === 'checker' ? new CheckerFailure(text) : new InteractorFailure(text));
  if (run.termination === 'cpu-limit' || run.termination === 'wall-limit')
    throw fail(`${the} exceeded its time limit${role === 'checker' ? ` (${CHECKER_CPU_SECONDS} s)` : ''}.`);
  if (run.termination === 'memory-limit') throw fail(`${the} exceeded its memory limit.`);
  if (run.termination === 'output-limit') throw fail(`${the} printed too much.`);
  if (run.termination !== 'exited' || run.exitCode === null) throw fail(`${the} crashed${message ? `: ${message}` : '.'}`);
  const code = run.exitCode;
  if (code === 0) return judgement(1, message, fail, the);
  if (code === 1 || code === 2) return judgement(0, message, fail, the);
  if (code === 3) throw fail(`${the} failed: ${message || 'no message'}`);
  if (code === POINTS_EXIT) {
    const points = /^points\s+(\S+)\s*(.*)$/.exec(message);
    if (!points) throw fail(`${the} exited with code ${POINTS_EXIT} without a points line.`);
    return judgement(Number(points[1]), points[2], fail, the);
  }
  if (code >= PARTIAL_BASE && code <= PARTIAL_BASE + 100) return judgement((code - PARTIAL_BASE) / 100, message, fail, the);
  throw fail(`${the} exited with code ${code}${message ? `: ${message}` : '.'}`);
}
