import { CheckerSettings, TestCaseData } from '@oj/contracts';
import { createReadStream } from 'fs';

import { readHead } from '../engines/read-head';
import { builtinChecker, BuiltinCheckerSettings } from './builtin-checker';
import { OutputChecker, streamMatches } from './checker';
import { CheckerJudgement } from './custom-checker-verdict';

/** What a checker made of one test's output: the test's status, the points earned and the message shown. */
export interface OutputJudgement {
  status: 'accepted' | 'wrong_answer';
  points: number;
  message?: string;
}

/** Judges the output of a run of test `index` that ended normally, read from the file `stdoutPath`. */
export type OutputJudge = (test: TestCaseData, stdoutPath: string, index: number) => Promise<OutputJudgement>;

/** Chunks the checker reads the output file in: the worker never holds more of an output than this. */
const CHECK_CHUNK_BYTES = 64 * 1024;

const WRONG: OutputJudgement = { status: 'wrong_answer', points: 0, message: 'Wrong answer' };

export function isBuiltin(settings: CheckerSettings): settings is BuiltinCheckerSettings {
  return settings.type !== 'custom';
}

/** A built-in checker on the output file; a large one is streamed, and read no further than its first difference. */
export function builtinJudge(settings: BuiltinCheckerSettings): OutputJudge {
  return async (test, stdoutPath) =>
    (await outputMatches(stdoutPath, builtinChecker(settings, test.output))) ? { status: 'accepted', points: test.points } : WRONG;
}

/**
 * Whether the output file matches. One of a chunk or less (most tests' outputs) is read at once: the run has just
 * written it, and one read from the page cache costs microseconds, where a stream's open, reads and close each
 * wait on libuv's threads (about half a millisecond a test). A larger one is streamed chunk by chunk.
 */
async function outputMatches(stdoutPath: string, checker: OutputChecker): Promise<boolean> {
  const head = readHead(stdoutPath, CHECK_CHUNK_BYTES + 1);
  if (head.length <= CHECK_CHUNK_BYTES) return checker.push(head) && checker.matches();
  const output = createReadStream(stdoutPath, { highWaterMark: CHECK_CHUNK_BYTES });
  try {
    return await streamMatches(output, checker);
  } finally {
    output.destroy();
  }
}

/** A custom checker's judgement as the test's result: its fraction of the test's points, its message. */
export function fromCheckerJudgement(test: TestCaseData, judgement: CheckerJudgement): OutputJudgement {
  const points = Math.round(judgement.fraction * test.points * 1000) / 1000;
  const message = judgement.message || (judgement.status === 'accepted' ? undefined : 'Wrong answer');
  return { status: judgement.status, points, ...(message ? { message } : {}) };
}
