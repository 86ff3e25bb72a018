import { CheckerSettings, InteractorSettings, RUN_OUTPUT_CAP_BYTES, RunResult, RunVerdict } from '@oj/contracts';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import {
  CheckerSandbox,
  CompiledProgram,
  CompileError,
  EngineFailure,
  InteractionOutcome,
  JudgeEngine,
  JuryCall,
  ProgramLimits,
  RunOutcome,
} from '../engines/judge-engine';
import { readHead } from '../engines/read-head';
import { CheckerFailure } from './custom-checker-verdict';
import { aggregateResults } from './grade-aggregate';
import { interactionVerdict } from './interaction-verdict';
import { checkerFailureResult, withInteractor, withOutputJudge } from './jury-programs';
import { CustomRunRequest } from './requests';

/**
 * Runs a source once on the caller's input (POST /api/judge/run): its output's head, how it ended, and, when the
 * caller gave the expected output, the problem's checker's verdict. A compile error is the answer `ce`; the
 * engine's own failure is thrown (the run fails, nobody retries).
 */
export async function runOnInput(engine: JudgeEngine, request: CustomRunRequest, limits: ProgramLimits): Promise<RunResult> {
  let program;
  try {
    program = await engine.compile(request);
  } catch (error) {
    if (error instanceof CompileError) return compileErrorRun(error.output);
    throw error;
  }
  try {
    request.signal?.throwIfAborted();
    if (request.interactor) return await interactiveRun(engine, program, request.interactor, request, limits);
    const outcomes = program.runMany(oneInput(request.stdin), limits, request.signal);
    for await (const outcome of outcomes) {
      request.signal?.throwIfAborted();
      return await withRunVerdict(customRunResult(outcome), request, () => engine.checkers());
    }
    throw new Error('The engine answered no run.');
  } catch (error) {
    request.signal?.throwIfAborted();
    if (error instanceof CompileError) return compileErrorRun(error.output);
    throw error;
  } finally {
    await program.release();
  }
}

async function* oneInput(stdin: string) {
  yield { stdin, label: 'the program' };
}

/**
 * One dialogue with the problem's interactor, the custom text being its input file: how the program ended, what
 * the two wrote to each other (null where the engine cannot record it), the head of the interactor's output
 * file, and the interactor's verdict as a test would get it (none when the
 * program's own failure decides, or the interactor failed: its failure is then the message).
 */
async function interactiveRun(
  engine: JudgeEngine,
  program: CompiledProgram,
  interactor: InteractorSettings,
  request: CustomRunRequest,
  limits: ProgramLimits,
): Promise<RunResult> {
  const { interact } = program;
  if (!interact) throw new EngineFailure(`The ${engine.name} engine cannot run interactive problems.`);
  const ran = await withInteractor(
    interactor,
    () => engine.checkers(),
    async (jury) => {
      for await (const outcome of interact.call(program, oneInput(request.stdin), jury, limits, request.signal, true)) {
        request.signal?.throwIfAborted();
        return interactiveRunResult(outcome, request.stdin, jury.call);
      }
      throw new Error('The engine answered no run.');
    },
  );
  if ('definitive' in ran) throw new Error(ran.message);
  return ran;
}

async function interactiveRunResult(outcome: InteractionOutcome, stdin: string, call: JuryCall): Promise<RunResult> {
  const ran = {
    ...customRunResult({ ...outcome.program, stdoutPath: outcome.outputPath }),
    transcript: outcome.transcript?.chunks ?? null,
    transcriptTruncated: outcome.transcript?.truncated ?? false,
  };
  try {
    const judged = await interactionVerdict(0, { input: stdin, output: '', points: 1 }, outcome, null, call);
    const verdict = judged.status === 'accepted' || judged.status === 'wrong_answer' ? judged.status : undefined;
    return { ...ran, message: judged.message ?? ran.message, ...(verdict ? { verdict } : {}) };
  } catch (error) {
    if (!(error instanceof CheckerFailure)) throw error;
    return { ...ran, message: checkerFailureResult(error)?.message ?? error.message };
  }
}

/** What a custom run answers: how it ended and the head of its output (the outcome's file). */
function customRunResult(run: RunOutcome): RunResult {
  return {
    status: run.failure?.status ?? 'ok',
    stdout: readHead(run.stdoutPath, RUN_OUTPUT_CAP_BYTES).toString('utf8'),
    truncated: statSync(run.stdoutPath).size > RUN_OUTPUT_CAP_BYTES,
    stderr: run.stderr.subarray(0, RUN_OUTPUT_CAP_BYTES).toString('utf8'),
    exitCode: run.exitCode,
    signal: run.signal,
    message: run.failure?.message ?? null,
    timeMs: run.timeMs,
    memoryKB: run.memoryKB,
  };
}

/** A custom run whose source did not compile. */
function compileErrorRun(compilerOutput: string): RunResult {
  return {
    status: 'ce',
    stdout: '',
    truncated: false,
    stderr: '',
    exitCode: null,
    signal: null,
    message: compilerOutput,
    timeMs: null,
    memoryKB: null,
  };
}

/**
 * A run's result with the problem's checker's verdict on its output, judged as a test would be (same checker,
 * same rules for both engines). Only a program that finished with its whole output is judged: a cut output says
 * nothing, and a time limit or crash already is the answer. A checker that fails gives no verdict.
 */
async function withRunVerdict(result: RunResult, request: CustomRunRequest, checkers: () => CheckerSandbox): Promise<RunResult> {
  const { expected } = request;
  if (!expected || result.status !== 'ok' || result.truncated) return result;
  const test = { input: request.stdin, output: expected.output, points: 1 };
  const verdict = await judgeOutput(result.stdout, test, expected.checker, checkers);
  return verdict ? { ...result, verdict } : result;
}

async function judgeOutput(
  stdout: string,
  test: { input: string; output: string; points: number },
  checker: CheckerSettings,
  checkers: () => CheckerSandbox,
): Promise<RunVerdict | null> {
  const dir = mkdtempSync(join(tmpdir(), 'oj-run-verdict-'));
  try {
    const stdoutPath = join(dir, 'stdout');
    writeFileSync(stdoutPath, stdout, { mode: 0o600 });
    const graded = await withOutputJudge(checker, checkers, async (judge) =>
      aggregateResults([{ index: 0, timeMs: null, memoryKB: null, ...(await judge(test, stdoutPath, 0)) }], test.points),
    );
    return graded.status === 'accepted' || graded.status === 'wrong_answer' ? graded.status : null;
  } catch (error) {
    if (checkerFailureResult(error)) return null;
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
