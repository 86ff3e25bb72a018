import { spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { createWriteStream, writeFileSync } from 'fs';
import { Readable, Transform, Writable } from 'stream';
import { pipeline } from 'stream/promises';

import { awakeDeadline } from './awake-deadline';
import { boxArgv, BoxSpec, TOOLS } from './box-command';
import { BoxCgroup, CgroupFactory } from './cgroup';

const CPU_POLL_MS = 25;

export interface SandboxRun extends BoxSpec {
  stdin: string | Buffer;
  /** Aborts when the run's job is cancelled: the box is killed at once. */
  signal?: AbortSignal;
  /** File (outside every box) that receives the program's standard output, up to the output cap. */
  stdoutPath: string;
}

export type RunTermination = 'exited' | 'signaled' | 'cpu-limit' | 'wall-limit' | 'memory-limit' | 'output-limit';

/** How a run ended; its standard output is in the file the run named, complete once the result is out. */
export interface SandboxResult {
  termination: RunTermination;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  cpuMs: number;
  wallMs: number;
  memoryKB: number | null;
  stderr: Buffer;
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
 * Writes a stream into the file `path` up to `cap` bytes; beyond it, calls `onOverflow` once and drops the rest.
 * The file takes the output with backpressure, so a 64 MiB output costs the worker a few buffers, not 64 MiB.
 * Settles (never rejects) once the file is written and closed, or the stream was cut off.
 */
export function capturingToFile(stream: Readable, path: string, cap: number, onOverflow: () => void): Promise<void> {
  let size = 0;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (size > cap) return done();
      size += chunk.length;
      if (size <= cap) return done(null, chunk);
      onOverflow();
      done(null, chunk.subarray(0, chunk.length - (size - cap)));
    },
  });
  return pipeline(stream, capped, createWriteStream(path, { mode: 0o600 })).catch(() => undefined);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs one command in a fresh bubblewrap box (see boxArgv). The box joins its own cgroup once bwrap has set it up
 * (--info-fd/--block-fd), so CPU time and peak memory are the program's. The engine's fallback where no run box
 * (run-box.ts) can be had: no writable cgroup (then rlimits alone bound the box) or no C compiler for the launcher.
 * Unlike the launcher it cannot close descriptors the worker inherited without close-on-exec.
 */
export class Sandbox {
  constructor(private readonly cgroups: CgroupFactory | null) {}

  async run(spec: SandboxRun): Promise<SandboxResult> {
    const cgroup = this.cgroups?.create(`box-${process.pid}-${randomBytes(6).toString('hex')}`) ?? null;
    try {
      cgroup?.setLimits(spec.limits.memoryBytes, spec.limits.maxPids);
      return await this.execute(spec, cgroup);
    } finally {
      if (cgroup) await this.drain(cgroup);
    }
  }

  private execute(spec: SandboxRun, cgroup: BoxCgroup | null): Promise<SandboxResult> {
    const started = Date.now();
    const child = spawn(TOOLS.prlimit, boxArgv(spec, cgroup !== null), { stdio: ['pipe', 'pipe', 'pipe', 'pipe', 'pipe'], env: {} });
    let termination: RunTermination | null = null;
    // Killing the box's processes lets bwrap reap them and exit on its own; killing bwrap itself would
    // leave its in-box init a zombie of the host's init. bwrap is only killed when there is no cgroup or
    // it does not follow within a second.
    const stop = (why: RunTermination) => {
      termination ??= why;
      if (!cgroup) return void child.kill('SIGKILL');
      cgroup.kill();
      setTimeout(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'), 1000).unref();
    };
    const stdout = capturingToFile(child.stdout as Readable, spec.stdoutPath, spec.limits.stdoutBytes, () => stop('output-limit'));
    const stderr = capturing(child.stderr as Readable, spec.limits.stderrBytes, () => undefined);
    const stdin = child.stdin as Writable;
    stdin.on('error', () => undefined); // a program that never reads its input closes the pipe early

    const infoFd = child.stdio[3] as Readable;
    const blockFd = child.stdio[4] as Writable;
    blockFd.on('error', () => undefined);
    let info = '';
    infoFd.on('data', (chunk: Buffer) => {
      info += chunk.toString();
      const match = /"child-pid":\s*(\d+)/.exec(info);
      if (!match || !blockFd.writable) return;
      try {
        if (cgroup) {
          for (const file of cgroup.procsFiles) writeFileSync(file, match[1]);
          cgroup.resetCounters();
        }
      } catch {
        stop('exited');
      }
      blockFd.end('go');
      stdin.end(spec.stdin);
    });

    const cancelWall = awakeDeadline(spec.limits.wallMs, () => stop('wall-limit'));
    const cancelled = () => stop('signaled');
    if (spec.signal?.aborted) cancelled();
    spec.signal?.addEventListener('abort', cancelled);
    const cpuTimer = cgroup
      ? setInterval(() => {
          try {
            if (cgroup.cpuMs() > spec.limits.cpuMs) stop('cpu-limit');
          } catch {
            // the cgroup is being torn down
          }
        }, CPU_POLL_MS)
      : null;

    return new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('close', async (code, signal) => {
        cancelWall();
        spec.signal?.removeEventListener('abort', cancelled);
        if (cpuTimer) clearInterval(cpuTimer);
        const wallMs = Date.now() - started;
        if (cgroup) await this.waitEmpty(cgroup);
        await stdout;
        const usage = cgroup?.usage();
        const cpuMs = usage ? Math.round(usage.cpuMs) : wallMs;
        if (!termination && usage?.oomKilled) termination = 'memory-limit';
        if (!termination && cpuMs > spec.limits.cpuMs) termination = 'cpu-limit';
        // SIGXCPU is the RLIMIT_CPU backstop firing.
        if (!termination && signal === null && code !== null && code > 128 && code - 128 === 24) termination = 'cpu-limit';
        resolve({
          termination: termination ?? (signal || (code !== null && code > 128) ? 'signaled' : 'exited'),
          exitCode: code,
          signal,
          cpuMs,
          wallMs,
          memoryKB: usage ? Math.ceil(usage.memoryPeakBytes / 1024) : null,
          stderr: stderr(),
        });
      });
    });
  }

  /** bwrap can return while the box's processes are still exiting: figures are final once the cgroup is empty. */
  private async waitEmpty(cgroup: BoxCgroup): Promise<void> {
    for (let i = 0; i < 500 && cgroup.pids().length; i++) {
      cgroup.kill();
      await sleep(2);
    }
  }

  private async drain(cgroup: BoxCgroup): Promise<void> {
    await this.waitEmpty(cgroup);
    cgroup.remove();
  }
}
