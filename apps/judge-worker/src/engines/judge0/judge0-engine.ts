import { Language, statusFromJudge0 } from '@oj/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { setTimeout as sleep } from 'timers/promises';

import { asMainJava } from '../java-entry';
import {
  CheckerSandbox,
  CompiledProgram,
  CompileError,
  CompileRequest,
  JudgeEngine,
  ProgramLimits,
  RunInput,
  RunOutcome,
} from '../judge-engine';
import { JAVA_LANGUAGE_ID } from '../local/language-catalog';
import { Judge0Client, Judge0ClientOptions, Judge0Error, Judge0Submission } from './judge0-client';

export const JUDGE0_BATCH_SIZE = 20;
/** Judge0 CE's default MAX_WALL_TIME_LIMIT: a longer wall limit would get the whole batch rejected. */
const JUDGE0_MAX_WALL_SECONDS = 20;
const MIB = 1024 * 1024;

export interface Judge0EngineOptions extends Judge0ClientOptions {
  /** First poll delay; it grows by half each round up to maxPollDelayMs. */
  pollDelayMs?: number;
  maxPollDelayMs?: number;
  /** Give up on a batch after this long. */
  pollTimeoutMs?: number;
  /** Custom checkers run here, in the local sandbox (Judge0 has no checkers); made on first use. */
  checkers?: () => CheckerSandbox;
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const unb64 = (text: string | null) => (text ? Buffer.from(text, 'base64').toString('utf8') : '');

/**
 * Runs programs on a Judge0 CE server. Each run is one Judge0 submission (Judge0 compiles every time, so a compile
 * error shows with the first run), sent in batches of at most 20 and polled with back-off. Judge0 only runs: the
 * grading judges each output with the problem's checker, exactly as for the local engine.
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

  checkers(): CheckerSandbox {
    if (!this.options.checkers) throw new Error('This worker has no local sandbox for custom checkers.');
    return this.options.checkers();
  }

  /**
   * Nothing is sent yet: Judge0 compiles the source with each run. Judge0 compiles Java as `javac Main.java` and
   * runs `java Main` whatever the source declares, so a Java source is first made that program (asMainJava): the
   * same class runs as on the local engine.
   */
  async compile(request: CompileRequest): Promise<CompiledProgram> {
    if (request.languageId !== JAVA_LANGUAGE_ID) return new Judge0Program(this.client, request, this.options);
    const java = asMainJava(request.sourceCode);
    if (typeof java !== 'string') throw new CompileError(java.compileError);
    return new Judge0Program(this.client, { ...request, sourceCode: java }, this.options);
  }
}

/**
 * A source to run on Judge0. Trouble with Judge0 itself (bad token, rejected batch, queue still full after
 * retries, a run it could not do) is a Judge0Error, which the grading reports as `failed` and the job retries.
 */
class Judge0Program implements CompiledProgram {
  /** Outputs go to a file the worker alone can reach, which the checkers read (streaming, or in a box). */
  private readonly outDir = mkdtempSync(join(tmpdir(), 'oj-judge0-'));

  constructor(
    private readonly client: Judge0Client,
    private readonly request: CompileRequest,
    private readonly options: Judge0EngineOptions,
  ) {}

  /** Pulls up to 20 inputs, runs them as one batch, answers their outcomes; again until the inputs run out. */
  async *runMany(inputs: AsyncIterable<RunInput>, limits: ProgramLimits, signal?: AbortSignal): AsyncIterable<RunOutcome> {
    const pending = inputs[Symbol.asyncIterator]();
    for (;;) {
      const batch: RunInput[] = [];
      while (batch.length < JUDGE0_BATCH_SIZE) {
        const next = await pending.next();
        if (next.done) break;
        batch.push(next.value);
      }
      if (!batch.length) return;
      const tokens = await this.client.submitBatch(batch.map((input) => this.submissionOf(input, limits)));
      const finished = await this.waitFor(tokens, signal);
      for (const [i, submission] of finished.entries()) yield this.outcomeOf(batch[i], submission, limits);
    }
  }

  async release(): Promise<void> {
    rmSync(this.outDir, { recursive: true, force: true });
  }

  /** One Judge0 submission: source, limits in Judge0's units, input, and the expected output when there is one. */
  private submissionOf(input: RunInput, limits: ProgramLimits) {
    const wallSeconds = Math.max(limits.cpuSeconds + 1, Math.min(2 * limits.cpuSeconds + 1, JUDGE0_MAX_WALL_SECONDS));
    return {
      language_id: this.request.languageId,
      source_code: b64(this.request.sourceCode),
      cpu_time_limit: limits.cpuSeconds,
      wall_time_limit: Math.min(wallSeconds, limits.wallSecondsCap ?? Infinity),
      memory_limit: limits.memoryMb * 1024,
      stdin: b64(input.stdin),
      // Judge0 compares too, but the problem's checker decides: it only makes Judge0's status accepted or wrong.
      ...(input.expectedOutput === undefined ? {} : { expected_output: b64(input.expectedOutput) }),
    };
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

  /**
   * How Judge0 says the run ended; its output goes to the program's file, where the checker reads it. Judge0 has no
   * output limit of the problem's: an output past it (by the local engine's rule, sandbox-limits.ts) is `ole` here,
   * as is Judge0's own SIGXFSZ (its sandbox's file-size cap on the output, see judge0FromStatus).
   */
  private outcomeOf(input: RunInput, s: Judge0Submission, limits: ProgramLimits): RunOutcome {
    const stdout = Buffer.from(s.stdout ?? '', 'base64');
    const outputCap = Math.max(limits.outputMb * MIB, 2 * Buffer.byteLength(input.expectedOutput ?? ''));
    const status = stdout.length > outputCap ? 'ole' : statusFromJudge0(s.status.id);
    if (status === 'ce') throw new CompileError(unb64(s.compile_output) || 'Compilation failed.');
    if (status === 'failed') {
      const detail = unb64(s.message).trim();
      throw new Judge0Error(`Judge0 could not run ${input.label}: ${s.status.description}${detail ? ` (${detail})` : ''}`);
    }
    const stdoutPath = join(this.outDir, 'stdout');
    writeFileSync(stdoutPath, stdout.subarray(0, outputCap), { mode: 0o600 });
    // Accepted or wrong answer: the program ran to its end, and only the checker says which.
    const ran = status === 'accepted' || status === 'wrong_answer';
    return {
      failure: ran
        ? null
        : status === 'tle'
          ? { status, message: unb64(s.message) || s.status.description, cause: 'time' }
          : status === 'ole'
            ? { status, message: 'Output limit exceeded', cause: 'output' }
            : { status: 'rte', message: unb64(s.message) || s.status.description, cause: 'crash' },
      timeMs: s.time === null ? null : Math.round(parseFloat(s.time) * 1000),
      memoryKB: s.memory,
      exitCode: ran ? 0 : null,
      signal: null,
      stderr: Buffer.from(s.stderr ?? '', 'base64'),
      stdoutPath,
    };
  }
}
