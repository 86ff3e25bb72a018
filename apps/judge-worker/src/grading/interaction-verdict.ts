import { TestCaseData, TestCaseResult } from '@oj/contracts';

import { InteractionOutcome, JuryCall, RunFailure } from '../engines/judge-engine';
import { InteractorFailure, juryJudgement } from './custom-checker-verdict';
import { fromCheckerJudgement, OutputJudge } from './output-judge';
import { runtimeStderr } from './runtime-stderr';

/**
 * An interactor's word for a dialogue the program ended: it read past the end of what the program wrote (testlib's
 * message, or an ICPC validator's judge message saying so). The program stopped first, so its own failure (a
 * crash) is the verdict rather than the interactor's, even when the interactor was still busy with the program's
 * last words as the program ended (so did not wait on it then: interactorAwaitedProgram).
 */
const PROGRAM_STOPPED_FIRST = /unexpected end of file|unexpected eof/i;

/**
 * One interactive test's verdict, by precedence (issue 23); each rule is deterministic, whichever of the two
 * exits first when they exit together:
 * 1. The interactor kept computing while the program waited for it (it loops): the problem's fault, `failed`.
 * 2. The program's own limit (time, idleness, memory): its verdict, whatever the interactor then said (it saw
 *    the program's end as an early end of the dialogue); but an interactor that had ended before, while the
 *    program still ran, with a verdict other than accepted, spoke first: its verdict stands (a program that
 *    spins after a rejected answer is a wrong answer, as the problem package format's tools judge it).
 * 3. The interactor failed (crashed, its own limits, exit 3, no verdict): the problem's fault, `failed`.
 * 4. The program crashed: the runtime error, when the interactor accepted, or judged on the dialogue's end (once
 *    the program had ended, the interactor waited on it for more; or it says it read past the end). Otherwise the
 *    interactor had already judged on what the program wrote: a program reading on after "too many queries"
 *    crashes on the end of its input, a program that answers wrong and aborts at once, each a wrong answer. A
 *    program killed by SIGPIPE only died of the interactor's going: the interactor's verdict.
 * 5. The interactor's verdict in its protocol (testlib's exit codes, or an ICPC validator's 42/43 with its
 *    feedback files); an accepted one from a testlib interactor goes to the problem's custom checker, when it has
 *    one, which reads the interactor's output file (an ICPC validator judges alone: `checkOutput` is then null).
 */
export async function interactionVerdict(
  index: number,
  test: TestCaseData,
  outcome: InteractionOutcome,
  checkOutput: OutputJudge | null,
  call: JuryCall,
): Promise<TestCaseResult> {
  const { program } = outcome;
  const figures = { index, timeMs: program.timeMs, memoryKB: program.memoryKB };
  const failed = (failure: RunFailure): TestCaseResult => ({
    ...figures,
    status: failure.status,
    points: 0,
    message: failure.message,
    ...(failure.status === 'rte' ? runtimeStderr(program.stderr) : {}),
  });
  const interactorFailure = (message: string) => new InteractorFailure(`test ${index + 1}: ${message}`);
  if (outcome.interactorBusy) throw interactorFailure('The interactor kept computing while the program waited for it (does it loop?).');
  const overLimit = program.failure?.cause === 'crash' ? null : program.failure;
  if (overLimit && !outcome.interactorFirst) return failed(overLimit);
  let judgement;
  try {
    judgement = juryJudgement(outcome.interactor, call, 'interactor', test.points);
  } catch (error) {
    throw error instanceof InteractorFailure ? interactorFailure(error.message) : error;
  }
  if (overLimit && judgement.fraction === 1) return failed(overLimit);
  const crashed = program.failure !== null && program.signal !== 'SIGPIPE';
  const judgedOnTheEnd = outcome.interactorAwaitedProgram || PROGRAM_STOPPED_FIRST.test(judgement.message);
  if (program.failure && crashed && (judgement.fraction === 1 || judgedOnTheEnd)) return failed(program.failure);
  if (judgement.fraction === 1 && checkOutput) return { ...figures, ...(await checkOutput(test, outcome.outputPath, index)) };
  return { ...figures, ...fromCheckerJudgement(test, judgement) };
}
