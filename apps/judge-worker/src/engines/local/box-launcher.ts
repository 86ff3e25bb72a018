import { spawnSync } from 'child_process';
import { createHash } from 'crypto';
import { lstatSync, readFileSync, renameSync, rmSync } from 'fs';
import { join } from 'path';

import { WorkerBuildCache } from './worker-build-cache';

/**
 * The init of a reusable run box. A fresh bubblewrap box costs ~14 ms, more than most tests run; warm boxes with
 * this tiny launcher as their pid 1 (see BoxPool) bring the cost of a run to a fork and a few pipe messages.
 * Between runs the launcher restores a fresh state, so no run sees another's processes or files:
 * - every process of the previous test is killed with kill(-1) — from the namespace's init that reaches
 *   every other process in it, and init itself cannot be signalled from inside (no handler but SIGUSR1,
 *   which only makes it do the same kill) — and reaped, so nothing survives into the next test;
 * - /tmp (the only writable place of a run box; /box, / and /dev are read-only) is emptied, and /tmp and /box (the
 *   compile box's, writable) are put back as the box started: their mode, and no ACL or extended attribute a run
 *   set (the run owns them, so it may change them); SysV IPC objects are removed (POSIX queues cannot be created:
 *   RLIMIT_MSGQUEUE is 0); when anything stays changed the launcher says so and the worker replaces the box;
 * - the launcher is not dumpable, so a test cannot ptrace it or open its pipes through /proc;
 * - every command runs under a seccomp filter that refuses kernel interfaces no solution needs (keyrings, BPF,
 *   perf, io_uring, userfaultfd, ptrace, namespaces, mounts, modules, sockets other than AF_UNIX) and kills
 *   other syscall ABIs;
 * - descriptors the worker inherited without close-on-exec (a supervisor's pipes) are closed before anything
 *   runs: bwrap, setpriv and Node's spawn all pass them on.
 * - each run's CPU, stack and file-size rlimits (and the fixed ones: descriptors, core, POSIX queues) are set in
 *   its own process before exec, so a run gets its limits whatever ran in the box before; a run may also be pinned
 *   to one CPU and keep SIGPIPE ignored (an interactive pair's interactor).
 * Protocol on fds 5 (commands) and 6 (replies): 'r' → the launcher opens /io/{in,out,err} (FIFOs the worker
 * created) and answers "k\n" (clean) or "d\n" (dirty); 'p' or 'q' → the same, but /io/in and /io/out are pipes to
 * another box's run (see RunBox.startPeer), /io/out opened write-only so its run gets EPIPE once the reader is gone,
 * each open waiting for the peer's end ('p' opens /io/in first, the peer sent 'q' /io/out first); 'g'
 * followed by the run (see runMessage in run-box.ts: limits, CPU, SIGPIPE, argv, environment) → it runs it with
 * the FIFOs as stdin, stdout and stderr, waits for it, kills and reaps the rest, answers "x <wait status>\n", then
 * clears the box.
 * EOF on fd 5 ends the box. The worker's SIGUSR1 (a limit was hit) kills every process but the launcher.
 */
/** The launcher's C source, beside this file in the source tree and in the build (the build copies it). */
const LAUNCHER_SOURCE_FILE = join(__dirname, 'box-launcher.c');

const GCC = '/usr/bin/gcc';
// Warnings are errors: in the code that isolates every test, a warning is a bug until shown otherwise.
const FLAGS = ['-x', 'c', '-O2', '-Wall', '-Wextra', '-Werror'];

/** A build the worker itself made: owned by it and writable by nobody else (it controls every test's I/O). */
function trustworthy(path: string): boolean {
  try {
    const st = lstatSync(path);
    return st.isFile() && st.uid === process.getuid?.() && (st.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/**
 * The launcher in `workRoot`, named by a hash of its source as the compiler sees it (preprocessed: the system's
 * headers in it, whose syscall numbers its seccomp filter uses), so neither an updated worker nor updated headers
 * ever run a stale build: compiled once per machine (0.3 CPU-s; preprocessing 0.04) and kept beside the work root in a
 * WorkerBuildCache, like C++'s precompiled header, so the next worker (or test engine) copies it. Unavailable
 * without a working C compiler: runs then use a fresh box each.
 */
export function buildLauncher(workRoot: string): { path: string } | { unavailable: string } {
  let source: string;
  try {
    source = readFileSync(LAUNCHER_SOURCE_FILE, 'utf8');
  } catch (error) {
    return { unavailable: `cannot read the box launcher's source: ${(error as Error).message}` };
  }
  const preprocessed = spawnSync(GCC, [...FLAGS, '-E', '-'], { input: source, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 << 20 });
  if (preprocessed.status !== 0)
    return { unavailable: `cannot build the box launcher: ${preprocessed.error?.message ?? preprocessed.stderr}` };
  const hash = createHash('sha256').update(preprocessed.stdout).digest('hex').slice(0, 12);
  const path = join(workRoot, `box-launcher-${hash}`);
  if (trustworthy(path)) return { path };
  const cache = new WorkerBuildCache(workRoot, 'launcher', '');
  // The compiler itself (its stamp) and the flags, beside what it compiles.
  const entry = cache.entry([GCC], [...FLAGS, hash]);
  // Workers sharing a work root share its launcher, so it appears there whole or not at all: made aside, renamed.
  const partial = `${path}.${process.pid}.tmp`;
  const failure = cache.takeOrBuild(
    entry,
    partial,
    () => {
      const cc = spawnSync(GCC, [...FLAGS, '-o', partial, '-'], { input: source, encoding: 'utf8', timeout: 60_000 });
      return cc.status === 0 ? null : `cannot build the box launcher: ${cc.error?.message ?? cc.stderr}`;
    },
    0o555,
  );
  if (failure) {
    rmSync(partial, { force: true });
    return { unavailable: failure };
  }
  renameSync(partial, path);
  return { path };
}
