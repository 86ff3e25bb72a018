import { readFileSync } from 'fs';

/**
 * What a test's child could change of its server from inside the box (its uid may: prlimit, setpriority,
 * sched_setaffinity, sched_setscheduler) and the next child would inherit: its rlimits, nice value, scheduling
 * policy and CPU and memory-node sets, as /proc shows them to the worker. Empty when the process is gone.
 */
export function inheritedTraits(hostPid: number): string {
  try {
    const stat = readFileSync(`/proc/${hostPid}/stat`, 'utf8').split(') ')[1].split(' ');
    const status = readFileSync(`/proc/${hostPid}/status`, 'utf8');
    const sets = status.split('\n').filter((line) => /^(Cpus|Mems)_allowed_list:/.test(line));
    // After the command: field 19 is the nice value, 40 and 41 the real-time priority and the policy.
    return [readFileSync(`/proc/${hostPid}/limits`, 'utf8'), stat[16], stat[37], stat[38], ...sets].join('\n');
  } catch {
    return '';
  }
}
