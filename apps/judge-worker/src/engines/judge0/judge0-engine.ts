import { GradeResult, Language, statusFromJudge0, TestCaseResult } from '@oj/contracts';
import { outputsMatch } from '../../grading/checker';
import { aggregateResults, compileErrorResult, failedResult } from '../../grading/grade-aggregate';
import { GradeRequest, JudgeEngine, ProgressListener } from '../judge-engine';
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
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const unb64 = (text: string | null) => (text ? Buffer.from(text, 'base64').toString('utf8') : '');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Grades through a Judge0 CE server. Each test is one Judge0 submission (Judge0 compiles every time), sent in
 * batches of at most 20 and polled with back-off. Outputs are checked here with the shared standard checker,
 * so both engines accept exactly the same answers.
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

  /** Judge0 trouble (bad token, rejected batch, queue still full after retries) ends as `failed`, which is retried. */
  async grade(request: GradeRequest, onProgress?: ProgressListener): Promise<GradeResult> {
    try {
      return await this.gradeBatches(request, onProgress);
    } catch (error) {
      if (error instanceof Judge0Error) return failedResult(error.message);
      throw error;
    }
  }

  private async gradeBatches(request: GradeRequest, onProgress?: ProgressListener): Promise<GradeResult> {
    const results: TestCaseResult[] = [];
    const total = request.testCases.length;
    const wallSeconds = Math.max(request.cpuTimeLimit + 1, Math.min(2 * request.cpuTimeLimit + 1, JUDGE0_MAX_WALL_SECONDS));
    for (let start = 0; start < total; start += JUDGE0_BATCH_SIZE) {
      const batch = request.testCases.slice(start, start + JUDGE0_BATCH_SIZE);
      const tokens = await this.client.submitBatch(
        batch.map((test) => ({
          language_id: request.languageId,
          source_code: b64(request.sourceCode),
          stdin: b64(test.input),
          expected_output: b64(test.output),
          cpu_time_limit: request.cpuTimeLimit,
          wall_time_limit: wallSeconds,
          memory_limit: request.memoryLimit * 1024,
        })),
      );
      const finished = await this.waitFor(tokens);
      for (const [i, submission] of finished.entries()) {
        if (submission.status.id === 6) return compileErrorResult(unb64(submission.compile_output) || 'Compilation failed.');
        if (statusFromJudge0(submission.status.id) === 'failed') {
          const detail = unb64(submission.message).trim();
          return failedResult(`Judge0 could not run test ${start + i + 1}: ${submission.status.description}${detail ? ` (${detail})` : ''}`);
        }
        results.push(this.toResult(start + i, batch[i].output, batch[i].points, submission));
      }
      await onProgress?.(results.length, total);
    }
    return aggregateResults(results, request.testCases.reduce((sum, t) => sum + t.points, 0));
  }

  private async waitFor(tokens: string[]): Promise<Judge0Submission[]> {
    const deadline = Date.now() + (this.options.pollTimeoutMs ?? 300_000);
    let delay = this.options.pollDelayMs ?? 200;
    for (;;) {
      await sleep(delay);
      const batch = await this.client.getBatch(tokens);
      if (batch.every((s) => s.status.id > 2)) return tokens.map((t) => batch.find((s) => s.token === t) as Judge0Submission);
      if (Date.now() > deadline) throw new Judge0Error('Judge0 did not finish the batch in time.');
      delay = Math.min(Math.round(delay * 1.5), this.options.maxPollDelayMs ?? 2000);
    }
  }

  private toResult(index: number, expected: string, points: number, s: Judge0Submission): TestCaseResult {
    const figures = { index, timeMs: s.time === null ? null : Math.round(parseFloat(s.time) * 1000), memoryKB: s.memory };
    const status = statusFromJudge0(s.status.id);
    // Judge0 compares outputs too, but the shared checker decides, so both engines accept exactly the same answers.
    if (status === 'accepted' || status === 'wrong_answer') {
      return outputsMatch(Buffer.from(s.stdout ?? '', 'base64'), expected)
        ? { ...figures, status: 'accepted', points }
        : { ...figures, status: 'wrong_answer', points: 0, message: 'Wrong answer' };
    }
    return { ...figures, status, points: 0, message: unb64(s.message) || s.status.description };
  }
}
