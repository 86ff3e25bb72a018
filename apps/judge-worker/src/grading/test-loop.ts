import { effectiveChecker, GradeResult, TestCaseData, TestCaseResult } from '@oj/contracts';

import { CompiledProgram, CompileError, EngineFailure, JudgeEngine, ProgramLimits, RunInput } from '../engines/judge-engine';
import { elapsedMs, timeStage } from '../operations/grading-stages';
import { aggregateSubtaskResults, compileErrorResult, definitiveFailure, failedResult } from './grade-aggregate';
import { interactionVerdict } from './interaction-verdict';
import { checkerFailureResult, withInteractor, withOutputJudge } from './jury-programs';
import { OutputJudge } from './output-judge';
import { GradeRequest, ProgressListener } from './requests';
import { SubtaskSkips } from './subtask-skips';
import { testVerdict } from './test-verdict';

/** How each test runs and is judged: a run judged by the checker, or a dialogue with the interactor. */
interface TestRuns<Outcome> {
  outcomes(inputs: AsyncIterable<RunInput>): AsyncIterable<Outcome>;
  verdict(index: number, test: TestCaseData, outcome: Outcome): Promise<TestCaseResult>;
}

/**
 * The test loop, the one for every engine: compile once, then the tests in order, each run on the engine (against
 * the interactor, for an interactive problem), judged and recorded; tests a failure made pointless are skipped
 * (SubtaskSkips); progress is published as tests are settled; the result is the aggregate of the tests
 * (grade-aggregate.ts). A compile error is the result `ce`; a checker's or interactor's failure a
 * DefinitiveFailure; the engine's own failure `failed` (retried); a cancelled job throws its signal's reason.
 */
export async function gradeTests(
  engine: JudgeEngine,
  request: GradeRequest,
  limits: ProgramLimits,
  onProgress?: ProgressListener,
): Promise<GradeResult> {
  try {
    const program = await engine.compile(request);
    try {
      request.signal?.throwIfAborted();
      return await withOutputJudge(
        request.checker,
        () => engine.checkers(),
        (judgeOutput) =>
          request.interactor
            ? gradeInteractive(engine, program, request, limits, judgeOutput, onProgress)
            : runTests(request, onProgress, {
                outcomes: (inputs) => program.runMany(inputs, limits, request.signal),
                verdict: (index, test, outcome) => testVerdict(index, test, outcome, judgeOutput),
              }),
      );
    } finally {
      await program.release();
    }
  } catch (error) {
    // A cancelled job ends without a result.
    request.signal?.throwIfAborted();
    if (error instanceof CompileError) return compileErrorResult(error.output);
    if (error instanceof EngineFailure) return failedResult(error.message);
    const checkerFailure = checkerFailureResult(error);
    if (checkerFailure) return checkerFailure;
    throw error;
  }
}

/** Each test a dialogue with the interactor, which judges; a custom checker, if the problem has one, then reads its output file. */
function gradeInteractive(
  engine: JudgeEngine,
  program: CompiledProgram,
  request: GradeRequest,
  limits: ProgramLimits,
  judgeOutput: OutputJudge,
  onProgress?: ProgressListener,
): Promise<GradeResult> {
  const { interact } = program;
  if (!interact || !request.interactor)
    return Promise.resolve(definitiveFailure(`The ${engine.name} engine cannot run interactive problems.`));
  const testlibInteractor = request.interactor.protocol !== 'icpc';
  const checkOutput = testlibInteractor && effectiveChecker(request.checker).type === 'custom' ? judgeOutput : null;
  return withInteractor(
    request.interactor,
    () => engine.checkers(),
    (interactor) =>
      runTests(request, onProgress, {
        outcomes: (inputs) => interact.call(program, inputs, interactor, limits, request.signal),
        verdict: (index, test, outcome) => interactionVerdict(index, test, outcome, checkOutput, interactor.call),
      }),
  );
}

/**
 * Runs the tests not skipped, in order. The engine pulls each input when it is ready for it, so a test is skipped
 * or not in view of every verdict before it (an engine running a batch at once, Judge0, ran tests that a failure
 * in the same batch made pointless: they are reported skipped all the same, so both engines report alike).
 */
async function runTests<Outcome>(
  request: GradeRequest,
  onProgress: ProgressListener | undefined,
  runs: TestRuns<Outcome>,
): Promise<GradeResult> {
  const tests = request.testCases;
  const total = tests.length;
  const results: TestCaseResult[] = [];
  const skips = new SubtaskSkips(tests, request.subtasks, request.stopAtFirstFailure);
  /** The tests handed to the engine, whose outcomes are still to come (in this order), and when each was handed. */
  const pulled: { index: number; atMs: number }[] = [];
  let reported = 0;
  const report = async () => {
    const settled = results.filter(Boolean).length;
    if (settled === reported) return;
    reported = settled;
    await onProgress?.(settled, total);
  };
  async function* inputs(): AsyncIterable<RunInput> {
    for (let index = 0; index < total; index++) {
      const skipped = skips.skipped(index);
      if (skipped) {
        results[index] = skipped;
        continue;
      }
      await report();
      pulled.push({ index, atMs: performance.now() });
      yield { stdin: tests[index].input, expectedOutput: tests[index].output, label: `test ${index + 1}` };
    }
  }
  for await (const outcome of runs.outcomes(inputs())) {
    request.signal?.throwIfAborted();
    const { index, atMs } = pulled.shift() as { index: number; atMs: number };
    request.onStage?.('run', elapsedMs(atMs));
    results[index] =
      skips.skipped(index) ?? skips.record(await timeStage(request.onStage, 'check', () => runs.verdict(index, tests[index], outcome)));
  }
  await report();
  return aggregateSubtaskResults(results, tests, request.subtasks ?? []);
}
