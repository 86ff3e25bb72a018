import {
  CheckerCompileResult,
  CheckerTrialData,
  GradeResult,
  Language,
  RUN_CEILING,
  RUN_OUTPUT_CAP_BYTES,
  RunResult,
  statusFromJudge0,
  TestCaseData,
  TestCaseResult,
} from '@oj/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { setTimeout as sleep } from 'timers/promises';

import { aggregateSubtaskResults, compileErrorResult, failedResult } from '../../grading/grade-aggregate';
import { OutputJudge } from '../../grading/output-judge';
import { runtimeStderr } from '../../grading/runtime-stderr';
import { SubtaskSkips } from '../../grading/subtask-skips';
import { CustomRunRequest, GradeRequest, JudgeEngine, ProgressListener, RunLimitsRequest } from '../judge-engine';
import { CustomChecker } from '../local/custom-checker';
import { checkerFailureResult, withOutputJudge } from '../output-judges';
import { withRunVerdict } from '../run-verdict';
import { Judge0Client, Judge0ClientOptions, Judge0Error, Judge0Submission } from './judge0-client';

export const JUDGE0_BATCH_SIZE = 20;
/** Judge0 CE's default MAX_WALL_TIME_LIMIT: a longer wall limit would get the whole batch rejected. */
const JUDGE0_MAX_WALL_SECONDS = 20;

export interface Judge0EngineOptions extends Judge0ClientOptions {
  /** First poll delay; it grows by half each round up to maxPollDelayMs. */
  pollDelayMs?: number;
  maxPollDelayMs?: number;
  /** Give up on a batch after this long. */
  pollTimeoutMs?: number;
  /** Custom checkers run here, in the local sandbox (Judge0 has no checkers); made on first use. */
  customChecker?: () => CustomChecker;
}

function noLocalSandbox(): CustomChecker {
  throw new Error('This worker has no local sandbox for custom checkers.');
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const unb64 = (text: string | null) => (text ? Buffer.from(text, 'base64').toString('utf8') : '');
/** Judge0's time (seconds, as text) and memory (KB) of a finished submission. */
const figuresOf = (s: Judge0Submission) => ({ timeMs: s.time === null ? null : Math.round(parseFloat(s.time) * 1000), memoryKB: s.memory });

/**
 * Grades through a Judge0 CE server. Each test is one Judge0 submission (Judge0 compiles every time), sent in
 * batches of at most 20 and polled with back-off. Outputs are checked here with the problem's checker (a built-in
 * one, or the author's run in the local sandbox), so both engines accept exactly the same answers.
 */
export class Judge0Engine implements JudgeEngine {
  readonly name = 'judge0' as const;
  private readonly client: Judge0Client;

  constructor(private readonly options: Judge0EngineOptions) {
    this.client = new Judge0Client(options);
  }

  languages(): Promise<Language[]> {
    return this.client.languages();
  }

  compileChecker(source: string, languageId: number, trial?: CheckerTrialData): Promise<CheckerCompileResult> {
    return (this.options.customChecker ?? noLocalSandbox)().compileResult(source, languageId, trial);
  }

  /**
   * Judge0 trouble (bad token, rejected batch, queue still full after retries) ends as `failed`, which is retried;
   * a failing checker ends it as a failure no retry can fix.
   */
  async grade(request: GradeRequest, onProgress?: ProgressListener): Promise<GradeResult> {
    // Outputs go to a file the worker alone can reach, which the checkers read (streaming, or in a box).
    const outDir = mkdtempSync(join(tmpdir(), 'oj-judge0-'));
    try {
      return await withOutputJudge(request.checker, this.options.customChecker ?? noLocalSandbox, (judgeOutput) =>
        this.gradeBatches(request, judgeOutput, join(outDir, 'stdout'), onProgress),
      );
    } catch (error) {
      if (error instanceof Judge0Error) return failedResult(error.message);
      const checkerFailure = checkerFailureResult(error);
      if (checkerFailure) return checkerFailure;
      throw error;
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }

  /** One Judge0 submission without an expected output (the problem's checker judges, see withRunVerdict); Judge0 trouble is thrown (the run fails, nobody retries). */
  async run(request: CustomRunRequest): Promise<RunResult> {
    const wallSeconds = Math.min(this.wallSecondsOf(request), RUN_CEILING.wallSeconds);
    const [token] = await this.client.submitBatch([
      { ...this.submissionOf(request), wall_time_limit: wallSeconds, stdin: b64(request.stdin) },
    ]);
    const [submission] = await this.waitFor([token], request.signal);
    const status = statusFromJudge0(submission.status.id);
    if (status === 'ce') {
      return {
        status,
        stdout: '',
        truncated: false,
        stderr: '',
        exitCode: null,
        signal: null,
        message: unb64(submission.compile_output) || 'Compilation failed.',
        timeMs: null,
        memoryKB: null,
      };
    }
    if (status === 'failed')
      throw new Judge0Error(`Judge0 could not run the program: ${submission.status.description} ${unb64(submission.message)}`.trim());
    const stdout = Buffer.from(submission.stdout ?? '', 'base64');
    const ok = status === 'accepted' || status === 'wrong_answer';
    const result: RunResult = {
      status: ok ? 'ok' : status === 'tle' ? 'tle' : 'rte',
      stdout: stdout.subarray(0, RUN_OUTPUT_CAP_BYTES).toString('utf8'),
      truncated: stdout.length > RUN_OUTPUT_CAP_BYTES,
      stderr: Buffer.from(submission.stderr ?? '', 'base64')
        .subarray(0, RUN_OUTPUT_CAP_BYTES)
        .toString('utf8'),
      exitCode: ok ? 0 : null,
      signal: null,
      message: ok ? null : unb64(submission.message) || submission.status.description,
      ...figuresOf(submission),
    };
    return withRunVerdict(result, request.stdin, request.expected, this.options.customChecker ?? noLocalSandbox);
  }

  /** The fields every Judge0 submission of this source carries: language, source and limits. */
  private submissionOf(request: RunLimitsRequest) {
    return {
      language_id: request.languageId,
      source_code: b64(request.sourceCode),
      cpu_time_limit: request.cpuTimeLimit,
      wall_time_limit: this.wallSecondsOf(request),
      memory_limit: request.memoryLimit * 1024,
    };
  }

  private wallSecondsOf(request: RunLimitsRequest): number {
    return Math.max(request.cpuTimeLimit + 1, Math.min(2 * request.cpuTimeLimit + 1, JUDGE0_MAX_WALL_SECONDS));
  }

  /**
   * Sends the tests in windows of up to 20 not yet skipped. Tests of a `min` subtask that failed earlier in the
   * same window ran anyway, but are reported skipped, so both engines give the same result.
   */
  private async gradeBatches(
    request: GradeRequest,
    judgeOutput: OutputJudge,
    stdoutPath: string,
    onProgress?: ProgressListener,
  ): Promise<GradeResult> {
    const results: TestCaseResult[] = [];
    const total = request.testCases.length;
    const skips = new SubtaskSkips(request.testCases, request.subtasks, request.stopAtFirstFailure);
    for (let start = 0; start < total;) {
      const batch: number[] = [];
      let end = start;
      for (; end < total && batch.length < JUDGE0_BATCH_SIZE; end++) if (!skips.skipped(end)) batch.push(end);
      const finished = await this.runBatch(request, batch);
      for (let index = start; index < end; index++) {
        const skipped = skips.skipped(index);
        if (skipped) {
          results.push(skipped);
          continue;
        }
        const submission = finished.get(index) as Judge0Submission;
        if (submission.status.id === 6) return compileErrorResult(unb64(submission.compile_output) || 'Compilation failed.');
        if (statusFromJudge0(submission.status.id) === 'failed') {
          const detail = unb64(submission.message).trim();
          return failedResult(`Judge0 could not run test ${index + 1}: ${submission.status.description}${detail ? ` (${detail})` : ''}`);
        }
        results.push(skips.record(await this.toResult(index, request.testCases[index], submission, judgeOutput, stdoutPath)));
      }
      await onProgress?.(results.length, total);
      start = end;
    }
    return aggregateSubtaskResults(results, request.testCases, request.subtasks ?? []);
  }

  /** Runs the tests at `indices` as one Judge0 batch; their finished submissions by test index. */
  private async runBatch(request: GradeRequest, indices: number[]): Promise<Map<number, Judge0Submission>> {
    if (!indices.length) return new Map();
    const tokens = await this.client.submitBatch(
      indices.map((index) => ({
        ...this.submissionOf(request),
        stdin: b64(request.testCases[index].input),
        expected_output: b64(request.testCases[index].output),
      })),
    );
    const finished = await this.waitFor(tokens, request.signal);
    return new Map(indices.map((index, i) => [index, finished[i]]));
  }

  /** Polls until every submission is done; a cancelled job stops polling at once (Judge0 finishes them for nobody). */
  private async waitFor(tokens: string[], signal?: AbortSignal): Promise<Judge0Submission[]> {
    const deadline = Date.now() + (this.options.pollTimeoutMs ?? 300_000);
    let delay = this.options.pollDelayMs ?? 200;
    for (;;) {
      await sleep(delay, undefined, { signal });
      const batch = await this.client.getBatch(tokens);
      if (batch.every((s) => s.status.id > 2)) return tokens.map((t) => batch.find((s) => s.token === t) as Judge0Submission);
      if (Date.now() > deadline) throw new Judge0Error('Judge0 did not finish the batch in time.');
      delay = Math.min(Math.round(delay * 1.5), this.options.maxPollDelayMs ?? 2000);
    }
  }

  private async toResult(
    index: number,
    test: TestCaseData,
    s: Judge0Submission,
    judgeOutput: OutputJudge,
    stdoutPath: string,
  ): Promise<TestCaseResult> {
    const figures = { index, ...figuresOf(s) };
    const status = statusFromJudge0(s.status.id);
    // Judge0 compares outputs too, but the problem's checker decides, so both engines accept exactly the same answers.
    if (status === 'accepted' || status === 'wrong_answer') {
      writeFileSync(stdoutPath, Buffer.from(s.stdout ?? '', 'base64'), { mode: 0o600 });
      return { ...figures, ...(await judgeOutput(test, stdoutPath, index)) };
    }
    const stderr = status === 'rte' ? runtimeStderr(Buffer.from(s.stderr ?? '', 'base64')) : {};
    return { ...figures, status, points: 0, message: unb64(s.message) || s.status.description, ...stderr };
  }
}
