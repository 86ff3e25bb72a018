import { existsSync, readdirSync } from 'fs';

import { ToolchainBind } from './language-catalog';
import { RunLimits } from './sandbox-limits';

/** The unprivileged host identity every box runs as (nobody/nogroup), inside and outside the namespaces. */
export const BOX_UID = 65534;

export const TOOLS = { prlimit: '/usr/bin/prlimit', setpriv: '/usr/bin/setpriv', bwrap: '/usr/bin/bwrap' };

/** What a box is made of; the command runs with /box as its working directory. */
export interface BoxSpec {
  /** Absolute argv inside the box. */
  command: string[];
  /** Host directory mounted at /box (the program's working directory). */
  boxDir: string;
  boxWritable: boolean;
  limits: RunLimits;
  /** Fixed environment of the program (the worker's own environment never enters). */
  env?: Record<string, string>;
  /** Read-only host paths the toolchain (or the box's launcher) needs outside /usr. */
  binds?: ToolchainBind[];
  /** The command is the box's init (a launcher that reaps and clears the box between runs). */
  asPid1?: boolean;
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

/**
 * The argv of `prlimit` that builds a box: rlimits as a backstop, then setpriv drops root to uid/gid 65534 with
 * no capabilities and no_new_privs *before* bwrap starts, so the box is never host root mapped into a user
 * namespace. bwrap adds new user, pid, network, ipc, uts, mount and cgroup namespaces, read-only /usr, a
 * size-limited private /tmp, /box bound from `boxDir`, a fixed environment, and blocks on fd 4 after reporting
 * its child's pid on fd 3 so the caller can put the box in its cgroup before anything untrusted runs.
 */
export function boxArgv(spec: BoxSpec, withCgroup: boolean): string[] {
  const { limits } = spec;
  const env = { PATH: '/usr/bin:/bin', HOME: '/tmp', LANG: 'C.UTF-8', ...spec.env };
  const rlimits = [
    `--cpu=${Math.ceil(limits.cpuMs / 1000) + 1}`,
    `--fsize=${limits.fileBytes}`,
    '--core=0',
    `--stack=${limits.memoryBytes}`,
    '--nofile=256',
    // POSIX message queues live in the ipc namespace without any file to clear: none may be created.
    '--msgqueue=0',
    // Without a cgroup the address-space limit is the only memory bound left (rlimit fallback).
    ...(withCgroup ? [] : [`--as=${limits.memoryBytes * 2}`, `--nproc=${limits.maxPids}`]),
  ];
  return [
    ...rlimits,
    '--',
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
    ...(spec.asPid1 ? ['--as-pid-1'] : []),
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
    ...(spec.binds ?? []).flatMap((b) => ['--ro-bind', b.host, b.box]),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    String(limits.fileBytes),
    '--tmpfs',
    '/tmp',
    spec.boxWritable ? '--bind' : '--ro-bind',
    spec.boxDir,
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
    ...spec.command,
  ];
}
