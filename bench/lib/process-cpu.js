// CPU time by process group, from /proc: where a bench phase's CPU went (the app's API, its worker and every
// process under it, PostgreSQL, Redis, the bench itself), beside the whole machine's busy time. A process's share
// is utime + stime + the CPU of the children it reaped (cutime + cstime), so a short-lived sandboxed run counts
// in the fork server that waited for it.
const { readFileSync, readdirSync } = require('fs');

const TICK_MS = 10; // USER_HZ is 100 on every Linux the bench runs on

function readStat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    // fields[0] is the state (the stat's 3rd field): utime is the 14th, so fields[11]
    const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
    // starttime (the stat's 22nd field): ticks after boot
    return { pid, comm, ppid: Number(fields[1]), ticks: utime + stime + cutime + cstime, startTick: Number(fields[19]) };
  } catch {
    return null; // it exited between the listing and the read
  }
}

/** Busy and total jiffies of the whole machine (/proc/stat's first line). */
function machineTicks() {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values.map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/**
 * One reading: every process's ticks, keyed by pid, with each one's group. `roots` names process trees
 * ({ api: pid, worker: pid }): the root is its group, its descendants `<group>'s children`; a process outside them is grouped by its command name (postgres, redis-server),
 * the bench's own process as `bench`, and the rest as `other`.
 */
function snapshot(roots) {
  const procs = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat) procs.set(stat.pid, stat);
  }
  const rootOf = new Map(Object.entries(roots).map(([group, pid]) => [pid, group]));
  const groupOf = (proc) => {
    for (let p = proc; p; p = procs.get(p.ppid)) {
      if (rootOf.has(p.pid)) return p === proc ? rootOf.get(p.pid) : `${rootOf.get(p.pid)}'s children`;
    }
    if (proc.pid === process.pid) return 'bench';
    if (proc.comm === 'postgres') return 'postgres';
    if (proc.comm.startsWith('redis-server')) return 'redis';
    return 'other';
  };
  for (const proc of procs.values()) proc.group = groupOf(proc);
  const uptimeTick = Math.floor(Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]) * (1000 / TICK_MS));
  return { procs, machine: machineTicks(), uptimeTick };
}

/** CPU ms per group between two snapshots, and the machine's busy ms over the same span. */
function cpuBetween(before, after) {
  const byGroup = {};
  for (const proc of after.procs.values()) {
    const earlier = before.procs.get(proc.pid);
    const same = earlier && earlier.startTick === proc.startTick;
    // A process the first reading missed (it was being listed as it ran) but that started before it: unknown share.
    if (!same && proc.startTick < before.uptimeTick) continue;
    const ticks = same ? proc.ticks - earlier.ticks : proc.ticks;
    byGroup[proc.group] = (byGroup[proc.group] ?? 0) + ticks * TICK_MS;
  }
  return { byGroupMs: byGroup, machineBusyMs: (after.machine.busy - before.machine.busy) * TICK_MS };
}

module.exports = { snapshot, cpuBetween, machineTicks, TICK_MS };
