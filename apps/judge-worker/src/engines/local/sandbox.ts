import { ChildProcess, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { writeFileSync } from 'fs';
import { Readable, Writable } from 'stream';

import { boxArgv, BoxCommand, BoxMounts, BoxSpec, TOOLS } from './box-command';
import { BoxCgroup, CgroupFactory } from './cgroup';
import { Box, bwrapExit, RunExit, SandboxResult, StartedRun } from './run-supervision';
import { RunLimits } from './sandbox-types';
import { ownedPrefix } from './worker-owned-names';

export interface SandboxRun extends BoxSpec {
  stdin: string | Buffer;
  /** Aborts when the run's job is cancelled: the box is killed at once. */
  signal?: AbortSignal;
  /** File (outside every box) that receives the program's standard output, up to the output cap. */
  stdoutPath: string;
}

/** How long bwrap may take to exit on its own once its box's processes were killed, before it is killed too. */
const BWRAP_EXIT_GRACE_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One run in a box of its own: bwrap started for this command alone (see boxArgv), in a cgroup of its own joined
 * once bwrap has set the box up (--info-fd/--block-fd), so CPU time and peak memory are the program's.
 */
class FreshBox extends Box {
  constructor(
    private readonly mounts: BoxMounts,
    private readonly cgroup: BoxCgroup | null,
  ) {
    super();
  }

  protected start(command: BoxCommand, limits: RunLimits): Promise<StartedRun> {
    const cgroup = this.cgroup;
    const child = spawn(TOOLS.prlimit, boxArgv({ ...this.mounts, ...command, limits }, cgroup !== null), {
      stdio: ['pipe', 'pipe', 'pipe', 'pipe', 'pipe'],
      env: {},
    });
    const ended = new Promise<RunExit>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code, signal) => {
        // bwrap can return while the box's processes are still exiting: figures are final once the cgroup is empty.
        (cgroup ? waitEmpty(cgroup) : Promise.resolve()).then(() => resolve(bwrapExit(code, signal)), reject);
      });
    });
    // Killing the box's processes lets bwrap reap them and exit on its own; killing bwrap itself would leave its
    // in-box init a zombie of the host's init. bwrap is only killed when there is no cgroup or it does not follow.
    const kill = () => {
      if (!cgroup) return void child.kill('SIGKILL');
      cgroup.kill();
      setTimeout(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'), BWRAP_EXIT_GRACE_MS).unref();
    };
    const started: StartedRun = {
      stdin: child.stdin as Writable,
      stdout: child.stdout as Readable,
      stderr: child.stderr as Readable,
      cgroup,
      memoryBaseline: 0,
      kill,
      ended,
    };
    return new Promise((resolve, reject) => {
      let running = false;
      const failedToStart = () => {
        if (running) return;
        const said = ((child.stderr as Readable).read() as Buffer | null)?.toString('utf8', 0, 500).trim();
        reject(new Error(`the box exited before its program started (${child.exitCode ?? child.signalCode})${said ? `: ${said}` : ''}`));
      };
      ended.then(failedToStart, reject);
      joinWhenReady(child, cgroup).then(
        () => {
          running = true;
          resolve(started);
        },
        (error: Error) => {
          kill();
          reject(error);
        },
      );
    });
  }
}

/** Puts bwrap's child into the cgroup once bwrap reports it (before it execs the program), then lets it go. */
function joinWhenReady(child: ChildProcess, cgroup: BoxCgroup | null): Promise<void> {
  const infoFd = child.stdio[3] as Readable;
  const blockFd = child.stdio[4] as Writable;
  blockFd.on('error', () => undefined);
  return new Promise((resolve, reject) => {
    let info = '';
    const onInfo = (chunk: Buffer) => {
      info += chunk.toString();
      const match = /"child-pid":\s*(\d+)/.exec(info);
      if (!match) return;
      infoFd.off('data', onInfo);
      try {
        if (cgroup) {
          for (const file of cgroup.procsFiles) writeFileSync(file, match[1]);
          cgroup.resetCounters();
        }
      } catch (error) {
        reject(error);
        return;
      }
      blockFd.end('go');
      resolve();
    };
    infoFd.on('data', onInfo);
  });
}

/** Kills what is left in the cgroup until it is empty (bounded: a second). */
async function waitEmpty(cgroup: BoxCgroup): Promise<void> {
  for (let i = 0; i < 500 && cgroup.pids().length; i++) {
    cgroup.kill();
    await sleep(2);
  }
}

/**
 * Runs one command in a fresh bubblewrap box (FreshBox). The engine's fallback where no run box (run-box.ts) can
 * be had: no writable cgroup (then rlimits alone bound the box) or no C compiler for the launcher. Unlike the
 * launcher it cannot close descriptors the worker inherited without close-on-exec.
 */
export class Sandbox {
  constructor(private readonly cgroups: CgroupFactory | null) {}

  async run(spec: SandboxRun): Promise<SandboxResult> {
    const cgroup = this.cgroups?.create(`${ownedPrefix('box')}${randomBytes(6).toString('hex')}`) ?? null;
    try {
      cgroup?.setLimits(spec.limits.memoryBytes, spec.limits.maxPids);
      const result = await new FreshBox(spec, cgroup).run(spec, spec.stdin, spec.limits, spec.stdoutPath, spec.signal);
      if (!result) throw new Error('a fresh box refused its run');
      return result;
    } finally {
      if (cgroup) {
        await waitEmpty(cgroup);
        cgroup.remove();
      }
    }
  }
}
