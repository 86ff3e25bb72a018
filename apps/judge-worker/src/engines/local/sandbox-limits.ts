import { OUTPUT_LIMIT_MB } from '@oj/contracts';

import { RunLimits } from './sandbox-types';
import { wallClockMs } from './time-limit';

export const MIB = 1024 * 1024;
/** An interactor's standard output (which goes to the program, never to a file of the worker's). */
export const STDOUT_CAP = 64 * MIB;
export const STDERR_CAP = 64 * 1024;
/** The largest file a test may write, and the size of its /tmp. */
export const RUN_FILE_BYTES = 16 * MIB;
/** Threads count against pids: the JVM and Go's runtime need a few dozen. */
export const RUN_MAX_PIDS = 64;
export const COMPILE_LIMITS: RunLimits = {
  cpuMs: 15_000,
  wallMs: 30_000,
  memoryBytes: 512 * MIB,
  maxPids: 128,
  stdoutBytes: STDERR_CAP,
  stderrBytes: STDERR_CAP,
  fileBytes: 256 * MIB,
};

/**
 * An interactor's limits beside a program's: generous, and always past the program's wall clock, so a pair waiting
 * on each other is ended by the program's (idleness) and an interactor that computes that long is caught looping.
 */
export function interactorLimits(program: RunLimits, checkerCpuSeconds: number): RunLimits {
  const cpuMs = Math.max(checkerCpuSeconds * 1000, program.wallMs);
  return {
    cpuMs,
    wallMs: wallClockMs(cpuMs),
    memoryBytes: 512 * MIB,
    maxPids: RUN_MAX_PIDS,
    stdoutBytes: STDOUT_CAP,
    stderrBytes: STDERR_CAP,
    fileBytes: RUN_FILE_BYTES,
  };
}

/**
 * Limits of one test run from the problem's CPU (s), memory (MB) and output (MB) limits and the expected output.
 * The output cap is the problem's output limit, but never less than twice the test's own answer: a correct output
 * is never cut off, whatever limit its author left.
 */
export function runLimits(
  cpuSeconds: number,
  memoryMb: number,
  expectedOutputBytes: number,
  outputMb: number = OUTPUT_LIMIT_MB.default,
): RunLimits {
  const cpuMs = Math.round(cpuSeconds * 1000);
  return {
    cpuMs,
    wallMs: wallClockMs(cpuMs),
    memoryBytes: memoryMb * MIB,
    maxPids: RUN_MAX_PIDS,
    stdoutBytes: Math.max(outputMb * MIB, 2 * expectedOutputBytes),
    stderrBytes: STDERR_CAP,
    fileBytes: RUN_FILE_BYTES,
  };
}
