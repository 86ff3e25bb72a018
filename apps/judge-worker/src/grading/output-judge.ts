import { CheckerSettings, TestCaseData } from '@oj/contracts';
import { createReadStream } from 'fs';

import { builtinChecker, BuiltinCheckerSettings } from './builtin-checker';
import { streamMatches } from './checker';
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

/** A built-in checker streaming the output file; stops reading at the first difference. */
export function builtinJudge(settings: BuiltinCheckerSettings): OutputJudge {
  return async (test, stdoutPath) => {
    const output = createReadStream(stdoutPath, { highWaterMark: CHECK_CHUNK_BYTES });
    try {
      return (await streamMatches(output, builtinChecker(settings, test.output))) ? { status: 'accepted', points: test.points } : WRONG;
    } finally {
      output.destroy();
    }
  };
}

/** A custom checker's judgement as the test's result: its fraction of the test's points, its message. */
export function fromCheckerJudgement(test: TestCaseData, judgement: CheckerJudgement): OutputJudgement {
  const points = Math.round(judgement.fraction * test.points * 1000) / 1000;
  const message = judgement.message || (judgement.status === 'accepted' ? undefined : 'Wrong answer');
  return { status: judgement.status, points, ...(message ? { message } : {}) };
}
