#!/usr/bin/env node
// The CPU of each Nx task of an `npm test`, from the kernel's process accounting: every process that ran, with its
// parent, its start, its run time and its CPU, summed over each task's process tree. test-times.js gives each
// task's wall time; this says which of them used the machine's cores, and on what (compilers, browsers, Jest).
// Usage (as root, with Debian's acct):
//   touch /tmp/pacct && accton /tmp/pacct
//   CI=true node bench/test-times.js --rev <commit> --keep <dir>
//   accton off
//   node bench/cpu-per-task.js /tmp/pacct <dir>/profile.json
const { execFileSync } = require('child_process');
const { readFileSync } = require('fs');

/** One process per accounting record; dump-acct's columns: command, version, user, system, elapsed (ticks), … */
function processesOf(pacctFile) {
  const TICKS = 100;
  return execFileSync('dump-acct', [pacctFile], { encoding: 'utf8', maxBuffer: 1 << 30 })
    .trim()
    .split('\n')
    .map((line) => {
      const field = line.split('|').map((s) => s.trim());
      const start = Date.parse(field[14]) / 1000;
      const elapsed = Number(field[4]) / TICKS;
      return {
        command: field[0],
        cpu: (Number(field[2]) + Number(field[3])) / TICKS,
        pid: Number(field[9]),
        ppid: Number(field[10]),
        start,
        end: start + elapsed,
      };
    });
}

/**
 * Each process's parent: the process of its parent pid that was alive when it started (pids are reused within a
 * run). A process whose parent exited before it is re-parented to init and recorded so: Chromium's renderers are.
 */
function linkParents(processes) {
  const byPid = new Map();
  for (const p of processes) byPid.set(p.pid, [...(byPid.get(p.pid) ?? []), p]);
  const children = new Map();
  for (const p of processes) {
    // dump-acct gives starts to the second: a parent may appear to start up to a second after its child
    const alive = (byPid.get(p.ppid) ?? []).filter((q) => q !== p && q.start <= p.start + 1 && q.end >= p.start - 1);
    p.parent = alive.sort((a, b) => Math.abs(a.start - p.start) - Math.abs(b.start - p.start))[0];
    if (p.parent) children.set(p.parent, [...(children.get(p.parent) ?? []), p]);
  }
  return children;
}

/** CPU seconds by command over a process and everything under it. */
function treeCpu(process, children, byCommand = new Map()) {
  byCommand.set(process.command, (byCommand.get(process.command) ?? 0) + process.cpu);
  for (const child of children.get(process) ?? []) treeCpu(child, children, byCommand);
  return byCommand;
}

/** Nx's tasks from its profile: name, start (epoch s) and duration. */
function tasksOf(profileFile) {
  const events = JSON.parse(readFileSync(profileFile, 'utf8'));
  return (Array.isArray(events) ? events : events.traceEvents)
    .filter((e) => e.ph === 'X' && e.args?.target)
    .map((e) => ({ name: `${e.args.target.project}:${e.args.target.target}`, start: e.ts / 1e6, seconds: e.dur / 1e6 }));
}

function main() {
  const [pacctFile, profileFile] = process.argv.slice(2);
  if (!pacctFile || !profileFile) {
    console.error('usage: node bench/cpu-per-task.js <pacct file> <Nx profile.json>');
    process.exit(2);
  }
  const processes = processesOf(pacctFile);
  const children = linkParents(processes);
  // Nx starts each task as a child process of its own: the task's root is a node process whose start and run time
  // are the task's.
  const nodes = processes.filter((p) => p.command === 'node');
  const rows = tasksOf(profileFile).map((task) => {
    const root = nodes
      .map((p) => ({ p, distance: Math.abs(p.start - task.start) + Math.abs(p.end - p.start - task.seconds) }))
      .filter(({ distance }) => distance < 3)
      .sort((a, b) => a.distance - b.distance)[0]?.p;
    const byCommand = root ? treeCpu(root, children) : new Map();
    const cpu = [...byCommand.values()].reduce((s, v) => s + v, 0);
    return { ...task, root, cpu, byCommand };
  });
  // What no task's tree holds: processes whose parent is not in the record (PostgreSQL's backends, whose server
  // still runs) or exited first (Chromium's renderers, adopted by init), leaving out the run's own ancestors.
  const ancestors = new Set();
  for (const row of rows) for (let p = row.root?.parent; p; p = p.parent) ancestors.add(p);
  const outside = new Map();
  for (const p of processes.filter((q) => (!q.parent || q.ppid === 1) && !ancestors.has(q))) {
    for (const [command, cpu] of treeCpu(p, children)) outside.set(command, (outside.get(command) ?? 0) + cpu);
  }
  const top = (byCommand) =>
    [...byCommand]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .filter(([, cpu]) => cpu >= 1)
      .map(([command, cpu]) => `${command} ${cpu.toFixed(0)}`)
      .join(', ');
  console.log('| task | wall | CPU | the most CPU, by command (s) |');
  console.log('| --- | ---: | ---: | --- |');
  for (const row of rows.sort((a, b) => b.cpu - a.cpu)) {
    console.log(`| ${row.name} | ${row.seconds.toFixed(0)} s | ${row.cpu.toFixed(0)} s | ${top(row.byCommand)} |`);
  }
  const tasksCpu = rows.reduce((s, r) => s + r.cpu, 0);
  const outsideCpu = [...outside.values()].reduce((s, v) => s + v, 0);
  console.log(`\nIn the tasks' trees: ${tasksCpu.toFixed(0)} CPU-s. In no task's tree (a parent not recorded, or gone first):`);
  console.log(`${outsideCpu.toFixed(0)} CPU-s: ${top(outside)}.`);
}

main();
