import { existsSync, readdirSync } from 'fs';

import { RunLimits, ToolchainBind } from './sandbox-types';
import { cpuRlimitSeconds } from './time-limit';

/** The unprivileged host identity every box runs as (nobody/nogroup), inside and outside the namespaces. */
export const BOX_UID = 65534;

export const TOOLS = { prlimit: '/usr/bin/prlimit', setpriv: '/usr/bin/setpriv', bwrap: '/usr/bin/bwrap' };

/** A box's file system: what it sees at /box and outside /usr. */
export interface BoxMounts {
  /** Host directory mounted at /box (the program's working directory). */
  boxDir: string;
  boxWritable: boolean;
  /** Read-only host paths the toolchain (or the box's launcher) needs outside /usr. */
  binds?: ToolchainBind[];
}

/** What one run executes. */
export interface BoxCommand {
  /** Absolute argv inside the box. */
  command: string[];
  /** Fixed environment of the program (the worker's own environment never enters). */
  env?: Record<string, string>;
}

/** What a box is made of; the command runs with /box as its working directory. */
export interface BoxSpec extends BoxMounts, BoxCommand {
  limits: RunLimits;
}

/** A program's whole environment: the fixed base and its language's additions. */
export function runEnvironment(env: Record<string, string> = {}): Record<string, string> {
  return { PATH: '/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', ...env };
}

/** /etc is not bound whole: only what dynamic linking and the JVM read. */
function etcBinds(): string[] {
  const wanted = [
    '/etc/ld.so.cache',
    '/etc/alternatives',
    ...readdirSync('/etc')
      .filter((e) => e.startsWith('java-'))
      .map((e) => `/etc/${e}`),
  ];
  return wanted.filter((p) => existsSync(p));
}

const ETC = etcBinds();

/** rlimits every box process starts under, whatever it runs: no core files, few descriptors, no POSIX queues. */
const FIXED_RLIMITS = [
  '--core=0',
  '--nofile=256',
  // POSIX message queues live in the ipc namespace without any file to clear: none may be created.
  '--msgqueue=0',
];

/**
 * The argv of `prlimit` that builds a box: rlimits as a backstop, then setpriv drops root to uid/gid 65534 with
 * no capabilities and no_new_privs *before* bwrap starts, so the box is never host root mapped into a user
 * namespace. bwrap adds new user, pid, network, ipc, uts, mount and cgroup namespaces, read-only /usr, a
 * size-limited private /tmp, /box bound from `boxDir`, a fixed environment, and blocks on fd 4 after reporting
 * its child's pid on fd 3 so the caller can put the box in its cgroup before anything untrusted runs.
 */
export function boxArgv(spec: BoxSpec, withCgroup: boolean): string[] {
  const { limits } = spec;
  const rlimits = [
    `--cpu=${cpuRlimitSeconds(limits)}`,
    `--fsize=${limits.fileBytes}`,
    `--stack=${limits.memoryBytes}`,
    ...FIXED_RLIMITS,
    // Without a cgroup the address-space limit is the only memory bound left (rlimit fallback).
    ...(withCgroup ? [] : [`--as=${limits.memoryBytes * 2}`]),
  ];
  // Without a cgroup, RLIMIT_NPROC is the only bound on a box's processes, so prlimit sets it inside the box, as the
  // command's first step, not before bwrap. Linux (5.14 and later) counts a process against it per user namespace and
  // uid, at each level up to the host's, each level against the limit its namespace was created under: set inside,
  // it counts this box's processes alone. Set outside, every box's namespace would be created under it and all boxes
  // (each runs as uid 65534 on the host) would share one count: a box that forks up to its limit would keep the others
  // from starting (setpriv's execve fails with EAGAIN once uid 65534 is over it).
  const command = withCgroup ? spec.command : [TOOLS.prlimit, `--nproc=${limits.maxPids}`, '--', ...spec.command];
  return [...rlimits, '--', ...bwrapArgv(spec, limits.fileBytes, runEnvironment(spec.env), command, false)];
}

/**
 * The argv that builds a box around the box launcher (box-launcher.ts) as its init, bound at /launcher: the launcher
 * sets each run's CPU, stack and file limits itself, so only the fixed ones and the largest file the box's /tmp
 * can hold are set here.
 */
export function launcherBoxArgv(mounts: BoxMounts, launcher: string, tmpBytes: number): string[] {
  const spec = { ...mounts, binds: [...(mounts.binds ?? []), { host: launcher, box: '/launcher' }] };
  return [`--fsize=${tmpBytes}`, ...FIXED_RLIMITS, '--', ...bwrapArgv(spec, tmpBytes, runEnvironment(), ['/launcher'], true)];
}

/** setpriv and bwrap; `asPid1` makes the command the box's init (the launcher, which reaps and clears the box). */
function bwrapArgv(mounts: BoxMounts, tmpBytes: number, env: Record<string, string>, command: string[], asPid1: boolean): string[] {
  return [
    TOOLS.setpriv,
    `--reuid=${BOX_UID}`,
    `--regid=${BOX_UID}`,
    '--clear-groups',
    '--inh-caps=-all',
    '--bounding-set=-all',
    '--no-new-privs',
    TOOLS.bwrap,
    '--unshare-all',
    '--unshare-user',
    '--uid',
    String(BOX_UID),
    '--gid',
    String(BOX_UID),
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    ...(asPid1 ? ['--as-pid-1'] : []),
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--symlink',
    'usr/sbin',
    '/sbin',
    ...ETC.flatMap((p) => ['--ro-bind', p, p]),
    ...(mounts.binds ?? []).flatMap((b) => ['--ro-bind', b.host, b.box]),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    String(tmpBytes),
    '--tmpfs',
    '/tmp',
    mounts.boxWritable ? '--bind' : '--ro-bind',
    mounts.boxDir,
    '/box',
    // bwrap's root and /dev are tmpfs the box user owns: freeze them so /tmp is the only writable place.
    '--remount-ro',
    '/dev',
    '--remount-ro',
    '/',
    '--chdir',
    '/box',
    '--clearenv',
    ...Object.entries(env).flatMap(([k, v]) => ['--setenv', k, v]),
    '--info-fd',
    '3',
    '--block-fd',
    '4',
    '--',
    ...command,
  ];
}
