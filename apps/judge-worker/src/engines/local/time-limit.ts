import { awakeDeadline } from './awake-deadline';
import { BoxCgroup } from './cgroup';
import { RunLimits } from './sandbox-types';

/**
 * How a time limit is enforced, for every run in every box (pooled or fresh, see run-supervision.ts).
 *
 * A run has two budgets in its RunLimits: CPU time, the problem's limit times the language's factor (applied by
 * grading/program-limits.ts), and the wall clock, `wallClockMs` of that.
 *
 * 1. CPU time, counted. While the run lasts, the CPU time of its box's cgroup (every process and thread of the
 *    run) is read every CPU_POLL_MS; past the limit the run is stopped: a time limit. Once the run has ended, the
 *    cgroup's final count decides again, since a poll may come up to CPU_POLL_MS late.
 * 2. CPU time, the kernel's backstop. Every run starts under RLIMIT_CPU at `cpuRlimitSeconds` (soft; the box
 *    launcher puts the hard limit a second above it, see limit_run in box-launcher.c): the kernel sends SIGXCPU,
 *    read as a time limit, then SIGKILL. It sits a quarter and a second above the limit: the kernel's count for it
 *    is sampled at its clock ticks and ran more than a second ahead of the cgroup's on 10 s of a loaded CI machine,
 *    so a tighter one would stop a program that the count says is within its limit. Without a cgroup (the rlimit
 *    fallback) this is the only CPU bound, and the run's wall time stands in for its CPU time (past the limit, a
 *    time limit).
 * 3. The wall clock. A program that sleeps, or waits for input that never comes, uses no CPU: past its wall
 *    clock it is stopped, "Time limit exceeded (wall clock)". The deadline counts only time this worker could
 *    listen (awake-deadline.ts), so a worker's blocked event loop never kills an innocent run.
 *
 * A stop kills every process of the run; why it was stopped is decided once, in `supervise` (run-supervision.ts).
 */
export const CPU_POLL_MS = 25;

/** Which of the time limits a run hit. */
export type TimeLimitHit = 'cpu-limit' | 'wall-limit';

/** A run's wall clock: twice its CPU time and a second, room for I/O and a busy host. */
export function wallClockMs(cpuMs: number): number {
  return 2 * cpuMs + 1000;
}

/** RLIMIT_CPU (whole seconds) a run starts under: well above the counted limit, so the count decides (see 2 above). */
export function cpuRlimitSeconds(limits: RunLimits): number {
  return Math.ceil((limits.cpuMs * 1.25) / 1000) + 1;
}

/** Starts watching a running program's clocks (1 and 3 above); `stop` is called on a hit. Returns the way to stop watching. */
export function watchTimeLimits(limits: RunLimits, cgroup: BoxCgroup | null, stop: (hit: TimeLimitHit) => void): () => void {
  const cancelWall = awakeDeadline(limits.wallMs, () => stop('wall-limit'));
  const cpuTimer = cgroup
    ? setInterval(() => {
        try {
          if (cgroup.cpuMs() > limits.cpuMs) stop('cpu-limit');
        } catch {
          // the cgroup is being torn down
        }
      }, CPU_POLL_MS)
    : null;
  return () => {
    cancelWall();
    if (cpuTimer) clearInterval(cpuTimer);
  };
}

/**
 * A run's CPU time as reported: the cgroup's count, but never less than the kernel's own when its backstop ended
 * the run. SIGXCPU means the kernel counted at least the soft RLIMIT_CPU against the process, while the cgroup's
 * count can fall short of it (seen at 9,745 ms when the backstop was 11 s), and a time limit shown with a time
 * under the limit would read as a wrong verdict.
 */
export function reportedCpuMs(countedMs: number, limits: RunLimits, signal: string | null): number {
  return signal === 'SIGXCPU' ? Math.max(countedMs, cpuRlimitSeconds(limits) * 1000) : countedMs;
}

/** After the run: whether its final CPU count is over the limit, or the kernel's backstop (SIGXCPU) ended it. */
export function exceededCpuTime(cpuMs: number, limits: RunLimits, signal: string | null): boolean {
  return cpuMs > limits.cpuMs || signal === 'SIGXCPU';
}
