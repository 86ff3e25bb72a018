import { RUN_OUTPUT_CAP_BYTES, RunResult } from '@oj/contracts';
import { statSync } from 'fs';

import { readHead } from './read-head';
import { programExitCode, runFailure, runSignal } from './run-failure';
import { SandboxResult } from './sandbox';

/** What a custom run answers: how it ended and the head of its output (the file `stdoutPath`). */
export function customRunResult(run: SandboxResult, memoryLimitBytes: number, stdoutPath: string): RunResult {
  const failure = runFailure(run, memoryLimitBytes);
  return {
    status: failure?.status ?? 'ok',
    stdout: readHead(stdoutPath, RUN_OUTPUT_CAP_BYTES).toString('utf8'),
    truncated: statSync(stdoutPath).size > RUN_OUTPUT_CAP_BYTES,
    stderr: run.stderr.subarray(0, RUN_OUTPUT_CAP_BYTES).toString('utf8'),
    exitCode: programExitCode(run),
    signal: runSignal(run),
    message: failure?.message ?? null,
    timeMs: run.cpuMs,
    memoryKB: run.memoryKB,
  };
}

/** A custom run whose source did not compile. */
export function compileErrorRun(compilerOutput: string): RunResult {
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
