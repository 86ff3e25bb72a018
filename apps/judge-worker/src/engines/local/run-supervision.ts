import { createWriteStream, unlinkSync, writeFileSync } from 'fs';
import { constants } from 'os';
import { finished, Readable, Transform, Writable } from 'stream';
import { pipeline } from 'stream/promises';

import { awakeDeadline } from './awake-deadline';
import { BoxCommand } from './box-command';
import { BoxCgroup } from './cgroup';
import { RunLimits } from './sandbox-types';
import { exceededCpuTime, reportedCpuMs, watchTimeLimits } from './time-limit';

export type RunTermination = 'exited' | 'signaled' | 'cpu-limit' | 'wall-limit' | 'memory-limit' | 'output-limit';

/** How a run ended; its standard output is in the file the run named, complete once the result is out. */
export interface SandboxResult {
  termination: RunTermination;
  /** The program's own exit code; null when a signal ended it. */
  exitCode: number | null;
  /** The signal that ended it, by name (`signal <n>` for a number without one); null when it exited. */
  signal: string | null;
  cpuMs: number;
  wallMs: number;
  memoryKB: number | null;
  stderr: Buffer;
}

/** How a run's program ended as its box saw it, decoded: an exit code, or the signal that killed it. */
export interface RunExit {
  exitCode: number | null;
  signal: string | null;
}

/** How long the streams of a run that has ended may take to close (every writer is dead by then). */
const STREAMS_GRACE_MS = 2000;

const signalName = (number: number): string | null => Object.entries(constants.signals).find(([, n]) => n === number)?.[0] ?? null;

/** A wait status (as the box launcher reports it): its exit code, or its signal (null for a number without a name). */
export function waitStatusExit(status: number): RunExit {
  const signal = status & 0x7f;
  return signal ? { exitCode: null, signal: signalName(signal) } : { exitCode: (status >> 8) & 0xff, signal: null };
}

/** How bwrap ended: killed itself (`signal`), or reporting its program's signal n as exit code 128 + n. */
export function bwrapExit(code: number | null, signal: NodeJS.Signals | null): RunExit {
  if (signal || code === null) return { exitCode: null, signal };
  if (code > 128) return { exitCode: null, signal: signalName(code - 128) ?? `signal ${code - 128}` };
  return { exitCode: code, signal: null };
}

/** Collects a stream up to `cap` bytes; beyond it, calls `onOverflow` once and drops the rest. */
export function capturing(stream: Readable, cap: number, onOverflow: () => void): () => Buffer {
  const chunks: Buffer[] = [];
  let size = 0;
  let overflowed = false;
  stream.on('data', (chunk: Buffer) => {
    if (overflowed) return;
    size += chunk.length;
    if (size > cap) {
      overflowed = true;
      chunks.push(chunk.subarray(0, chunk.length - (size - cap)));
      onOverflow();
      return;
    }
    chunks.push(chunk);
  });
  return () => Buffer.concat(chunks);
}

/**
 * Removes the last output at `path` so the next is a new file: truncating a file with data in place makes ext4
 * (auto_da_alloc) write the old blocks out at the next close, a disk write on every test.
 */
function replaceFile(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** An output up to this size is held and written at its end in one call (a test's output mostly is). */
const HELD_OUTPUT_BYTES = 64 * 1024;

/**
 * Writes a stream into the file `path` up to `cap` bytes; beyond it, calls `onOverflow` once and drops the rest.
 * An output of up to HELD_OUTPUT_BYTES is held and written at once when the stream ends: a stream to the file
 * would cost the worker an asynchronous open, write and close, each a hand-off to libuv's threads, on every test.
 * A larger one goes to the file as it comes, with backpressure, so a 64 MiB output costs a few buffers, not 64 MiB.
 * Settles (never rejects) once the file is written and closed, or the stream was cut off; the file exists then.
 */
export function capturingToFile(stream: Readable, path: string, cap: number, onOverflow: () => void): Promise<void> {
  let size = 0;
  /** The capped part of a chunk: all of it, the part up to the cap (the overflow), or none past it. */
  const kept = (chunk: Buffer): Buffer | null => {
    if (size > cap) return null;
    size += chunk.length;
    if (size <= cap) return chunk;
    onOverflow();
    return chunk.subarray(0, chunk.length - (size - cap));
  };
  const held: Buffer[] = [];
  let heldBytes = 0;
  return new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      const part = kept(chunk);
      if (!part) return;
      held.push(part);
      heldBytes += part.length;
      if (heldBytes > HELD_OUTPUT_BYTES) streamTheRest();
    };
    const writeHeld = () => {
      try {
        replaceFile(path);
        writeFileSync(path, Buffer.concat(held), { mode: 0o600 });
      } catch {
        // the checker finds no file and says so, as after a failed stream
      }
      resolve();
    };
    const streamTheRest = () => {
      stream.off('data', onData);
      stopWatching();
      stream.pause();
      try {
        replaceFile(path);
      } catch {
        // the stream's open fails too, and says so below
      }
      const file = createWriteStream(path, { mode: 0o600 });
      for (const chunk of held.splice(0)) file.write(chunk);
      const capped = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          done(null, kept(chunk));
        },
      });
      pipeline(stream, capped, file).then(resolve, resolve);
    };
    stream.on('data', onData);
    // Ended, cut off or failed: what came is the output.
    const stopWatching = finished(stream, writeHeld);
  });
}

/** A program started in a box, about to run or running. */
export interface StartedRun {
  /** The worker's ends of its stdin and stdout; null when they are pipes to another box's run (see RunBox.startPiped). */
  stdin: Writable | null;
  stdout: Readable | null;
  stderr: Readable;
  /** The run's cgroup (its CPU time and memory); null in the rlimit fallback. */
  cgroup: BoxCgroup | null;
  /** Memory the box holds besides the run (a pooled box's launcher), left out of the run's peak. */
  memoryBaseline: number;
  /**
   * What the box holds once the run is over, when it can hold less than memoryBaseline: memory still being given
   * back as the run started (a fork server closed just before it) leaves during the run, so the peak never held it.
   */
  memoryAfter?: () => number;
  /** Kills every process of the run at once. */
  kill(): void;
  /** How the program ended, once every process of the run is gone; rejects when the box itself failed. */
  ended: Promise<RunExit>;
}

/**
 * A sandbox box: a pooled one (RunBox, many runs each forked by its launcher) or a fresh one (one bwrap per run).
 * They differ only in how a run starts and is killed (`start`); `run` is one for both: it hands the started run to
 * `supervise` (below), as the fork server does its children's and an interactive pair its two runs.
 */
export abstract class Box {
  /** Starts `command` under `limits`; null when the box cannot take a run (the caller replaces it). */
  protected abstract start(command: BoxCommand, limits: RunLimits): Promise<StartedRun | null>;

  /**
   * Runs `command` once: `stdin` is its input, its standard output goes to the file `stdoutPath` (outside the
   * box). When `cancel` aborts (the job was cancelled), the run's processes are killed at once; the caller then
   * drops the result. Null when the box could not take the run.
   */
  async run(
    command: BoxCommand,
    stdin: string | Buffer,
    limits: RunLimits,
    stdoutPath: string,
    cancel?: AbortSignal,
  ): Promise<SandboxResult | null> {
    const run = await this.start(command, limits);
    return run && supervise(run, limits, { stdin, stdoutPath }, cancel).result;
  }
}

/** What the worker feeds a run and where its standard output goes. */
export interface RunIo {
  stdin: string | Buffer;
  stdoutPath: string;
}

/** A way to stop a supervised run early, and the run's result once it has ended. */
export interface SupervisedRun {
  /** Stops the run (its processes are killed), `why` being how it ends unless something ended it before. */
  stop(why: RunTermination): void;
  result: Promise<SandboxResult>;
}

/**
 * Supervises a started run to its end: feeds its input and captures its outputs under their caps (`io`; none for
 * a run piped to another, whose stderr alone is captured), enforces its time limits (time-limit.ts), and decides
 * once why it stopped. `beforeStop` is told of the first stop before the run is killed (an interactive pair looks
 * at its other run then).
 */
export function supervise(
  run: StartedRun,
  limits: RunLimits,
  io: RunIo | null,
  cancel?: AbortSignal,
  beforeStop?: (why: RunTermination) => void,
): SupervisedRun {
  let termination: RunTermination | null = null;
  const stop = (why: RunTermination) => {
    if (termination === null) beforeStop?.(why);
    termination ??= why;
    run.kill();
  };
  return { stop, result: finish() };

  async function finish(): Promise<SandboxResult> {
    const stdout = io && run.stdout ? capturingToFile(run.stdout, io.stdoutPath, limits.stdoutBytes, () => stop('output-limit')) : null;
    const stderr = capturing(run.stderr, limits.stderrBytes, () => undefined);
    const closed = Promise.all([stdout, new Promise((resolve) => run.stderr.once('close', resolve))]);
    run.stdin?.on('error', () => undefined); // a program that never reads its input closes the pipe early
    const started = Date.now();
    if (io) run.stdin?.end(io.stdin);
    const stopWatching = watchTimeLimits(limits, run.cgroup, stop);
    const cancelled = () => run.kill();
    if (cancel?.aborted) cancelled();
    cancel?.addEventListener('abort', cancelled);
    let exit: RunExit;
    try {
      exit = await run.ended;
    } catch (error) {
      run.stdout?.destroy();
      run.stderr.destroy();
      throw error;
    } finally {
      stopWatching();
      cancel?.removeEventListener('abort', cancelled);
      run.stdin?.destroy();
    }
    const wallMs = Date.now() - started;
    // Every writer is dead once the run has ended; the timeout only guards against a kernel surprise.
    let cancelGuard = () => undefined as void;
    await Promise.race([closed, new Promise<void>((resolve) => (cancelGuard = awakeDeadline(STREAMS_GRACE_MS, resolve)))]);
    cancelGuard();
    run.stdout?.destroy();
    run.stderr.destroy();
    await stdout;
    const usage = run.cgroup?.usage();
    const cpuMs = reportedCpuMs(usage ? Math.round(usage.cpuMs) : wallMs, limits, exit.signal);
    if (!termination && usage?.oomKilled) termination = 'memory-limit';
    if (!termination && exceededCpuTime(cpuMs, limits, exit.signal)) termination = 'cpu-limit';
    return {
      termination: termination ?? (exit.exitCode === null ? 'signaled' : 'exited'),
      exitCode: exit.exitCode,
      signal: exit.signal,
      cpuMs,
      wallMs,
      memoryKB: usage
        ? Math.ceil(Math.max(0, usage.memoryPeakBytes - Math.min(run.memoryBaseline, run.memoryAfter?.() ?? Infinity)) / 1024)
        : null,
      stderr: stderr(),
    };
  }
}
