import { spawn } from 'child_process';
import { existsSync, readdirSync, writeFileSync } from 'fs';
import { randomBytes } from 'crypto';
import { Readable, Writable } from 'stream';
import { BoxCgroup, CgroupFactory } from './cgroup';
import { ToolchainBind } from './language-catalog';
import { RunLimits } from './sandbox-limits';

/** The unprivileged host identity every box runs as (nobody/nogroup), inside and outside the namespaces. */
export const BOX_UID = 65534;
const CPU_POLL_MS = 25;

export interface SandboxRun {
  /** Absolute argv inside the box. */
  command: string[];
  /** Host directory mounted at /box (the program's working directory). */
  boxDir: string;
  boxWritable: boolean;
  stdin: string | Buffer;
  limits: RunLimits;
  /** Fixed environment of the program (the worker's own environment never enters). */
  env?: Record<string, string>;
  /** Read-only host directories the toolchain needs outside /usr. */
  binds?: ToolchainBind[];
}

export type RunTermination = 'exited' | 'signaled' | 'cpu-limit' | 'wall-limit' | 'memory-limit' | 'output-limit';

export interface SandboxResult {
  termination: RunTermination;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  cpuMs: number;
  wallMs: number;
  memoryKB: number | null;
  stdout: Buffer;
  stderr: Buffer;
}

/** /etc is not bound whole: only what dynamic linking and the JVM read. */
function etcBinds(): string[] {
  const wanted = ['/etc/ld.so.cache', '/etc/alternatives', ...readdirSync('/etc').filter((e) => e.startsWith('java-')).map((e) => `/etc/${e}`)];
  return wanted.filter((p) => existsSync(p));
}

function capturing(stream: Readable, cap: number, onOverflow: () => void): () => Buffer {
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs one command in a fresh bubblewrap box: new user, pid, network, ipc, uts, mount and cgroup namespaces,
 * uid/gid 65534 on the host (setpriv drops root before bwrap starts), no capabilities, read-only /usr, a
 * size-limited private /tmp, /box bound from `boxDir`, a fixed environment. The box joins its own cgroup
 * once bwrap has set it up (--info-fd/--block-fd), so CPU time and peak memory are the program's.
 */
export class Sandbox {
  private readonly etc = etcBinds();

  constructor(
    private readonly cgroups: CgroupFactory | null,
    private readonly tools = { prlimit: '/usr/bin/prlimit', setpriv: '/usr/bin/setpriv', bwrap: '/usr/bin/bwrap' },
  ) {}

  async run(spec: SandboxRun): Promise<SandboxResult> {
    const cgroup = this.cgroups?.create(`box-${process.pid}-${randomBytes(6).toString('hex')}`) ?? null;
    try {
      cgroup?.setLimits(spec.limits.memoryBytes, spec.limits.maxPids);
      return await this.execute(spec, cgroup);
    } finally {
      if (cgroup) await this.drain(cgroup);
    }
  }

  private argv(spec: SandboxRun): string[] {
    const { limits } = spec;
    const env = { PATH: '/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', ...spec.env };
    const rlimits = [
      `--cpu=${Math.ceil(limits.cpuMs / 1000) + 1}`,
      `--fsize=${limits.fileBytes}`,
      `--core=0`,
      `--stack=${limits.memoryBytes}`,
      `--nofile=256`,
      // Without a cgroup the address-space limit is the only memory bound left (rlimit fallback).
      ...(this.cgroups ? [] : [`--as=${limits.memoryBytes * 2}`, `--nproc=${limits.maxPids}`]),
    ];
    return [
      ...rlimits,
      '--',
      this.tools.setpriv,
      `--reuid=${BOX_UID}`,
      `--regid=${BOX_UID}`,
      '--clear-groups',
      '--inh-caps=-all',
      '--bounding-set=-all',
      '--no-new-privs',
      this.tools.bwrap,
      '--unshare-all',
      '--unshare-user',
      '--uid', String(BOX_UID),
      '--gid', String(BOX_UID),
      '--disable-userns',
      '--die-with-parent',
      '--new-session',
      '--cap-drop', 'ALL',
      '--ro-bind', '/usr', '/usr',
      '--symlink', 'usr/bin', '/bin',
      '--symlink', 'usr/lib', '/lib',
      '--symlink', 'usr/lib64', '/lib64',
      '--symlink', 'usr/sbin', '/sbin',
      ...this.etc.flatMap((p) => ['--ro-bind', p, p]),
      ...(spec.binds ?? []).flatMap((b) => ['--ro-bind', b.host, b.box]),
      '--proc', '/proc',
      '--dev', '/dev',
      '--size', String(limits.fileBytes),
      '--tmpfs', '/tmp',
      spec.boxWritable ? '--bind' : '--ro-bind', spec.boxDir, '/box',
      // bwrap's root is a tmpfs the box user owns: freeze it so /tmp is the only writable place.
      '--remount-ro', '/',
      '--chdir', '/box',
      '--clearenv',
      ...Object.entries(env).flatMap(([k, v]) => ['--setenv', k, v]),
      '--info-fd', '3',
      '--block-fd', '4',
      '--',
      ...spec.command,
    ];
  }

  private execute(spec: SandboxRun, cgroup: BoxCgroup | null): Promise<SandboxResult> {
    const started = Date.now();
    const child = spawn(this.tools.prlimit, this.argv(spec), { stdio: ['pipe', 'pipe', 'pipe', 'pipe', 'pipe'], env: {} });
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
    const stdout = capturing(child.stdout as Readable, spec.limits.stdoutBytes, () => stop('output-limit'));
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

    const wallTimer = setTimeout(() => stop('wall-limit'), spec.limits.wallMs);
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
        clearTimeout(wallTimer);
        if (cpuTimer) clearInterval(cpuTimer);
        const wallMs = Date.now() - started;
        if (cgroup) await this.waitEmpty(cgroup);
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
          stdout: stdout(),
          stderr: stderr(),
        });
      });
    });
  }

  /** bwrap can return while the box's processes are still exiting: figures are final once the cgroup is empty. */
  private async waitEmpty(cgroup: BoxCgroup): Promise<void> {
    for (let i = 0; i < 100 && cgroup.pids().length; i++) {
      cgroup.kill();
      await sleep(10);
    }
  }

  private async drain(cgroup: BoxCgroup): Promise<void> {
    await this.waitEmpty(cgroup);
    cgroup.remove();
  }
}
