#!/usr/bin/env node
// Where a machine's CPU went, from a system-wide `perf` sampling (on-CPU samples, unlike V8's --cpu-prof, whose
// native frames also count the time a thread waited descheduled). Record while a bench runs, then read a window:
//   BENCH_NODE_ARGS=--perf-basic-prof node bench/submissions/judging.js --runs 2 --queued 600 &
//   perf record -e cpu-clock -F 499 -a -g -o /tmp/perf.data -- sleep 75
//   perf script -i /tmp/perf.data -F comm,pid,tid,time,ip,sym,dso > /tmp/perf.txt
//   node bench/profile/perf-breakdown.js /tmp/perf.txt --timeline                    samples a second, busiest pids
//   node bench/profile/perf-breakdown.js /tmp/perf.txt --from 3 --to 13 [--pid N]    shares in that window (seconds)
// With --pid (a Node process, e.g. the worker): its threads, its main thread's system calls, first JS frames and
// the innermost module of this repository or package on each stack. `swapper` is the idle CPUs.
const { readFileSync } = require('fs');

const argv = process.argv.slice(2);
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);

/** Samples of `perf script` text: comm, pid, tid, time (s) and the stack (leaf first) as `symbol (dso)` frames. */
function parse(file) {
  const samples = [];
  let sample = null;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const head = /^(\S.*?)\s+(\d+)\/(\d+)\s+([\d.]+):/.exec(line);
    if (head) samples.push((sample = { comm: head[1], pid: +head[2], tid: +head[3], t: +head[4], stack: [] }));
    const frame = /^\s+[0-9a-f]+\s+(.*)\s+\((.*)\)$/.exec(line);
    if (frame && sample) sample.stack.push({ sym: frame[1], dso: frame[2] });
  }
  return samples;
}

const tally = (items, key) => {
  const counts = new Map();
  for (const item of items) {
    const k = key(item);
    if (k !== undefined) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
};
const print = (title, rows, total, limit = 20) => {
  console.log(`--- ${title}`);
  for (const [k, n] of rows.slice(0, limit)) console.log(`${String(n).padStart(7)} ${((100 * n) / total).toFixed(1).padStart(5)}%  ${k}`);
};
const shortName = (sym) => sym.replace(/^JS:[*^~]?/, '').replace(/\S*\/(tmp\/bench-build|node_modules)\//, '');
const isKernel = (frame) => frame?.dso.includes('kernel');
/** The system call a kernel sample is in (the frame under do_syscall_64), or what else brought it there. */
const syscallOf = (stack) => {
  const i = stack.findIndex((f) => f.sym.startsWith('do_syscall_64'));
  return i > 0 ? stack[i - 1].sym : /fault/.test(stack.map((f) => f.sym).join(' ')) ? 'page fault' : 'interrupt or kernel thread';
};
/** The innermost frame of this repository's build or of a package: who asked for the work. */
const ownerOf = (stack) => {
  for (const { sym } of stack) {
    const m = /bench-build\/((?:apps\/[^/]+\/src|libs)\/[^/]+)|node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(sym);
    if (sym.startsWith('JS:') && m) return m[1] ?? m[2];
  }
  return '(Node itself, or no JS on the stack)';
};

const samples = parse(argv[0]);
const start = samples[0]?.t ?? 0;
const processName = (s) => `${s.pid} ${s.comm}`;

if (argv.includes('--timeline')) {
  const busiest = tally(samples, processName)
    .slice(0, 8)
    .map(([k]) => k);
  console.log(['s', ...busiest].join(' | '));
  const seconds = new Map();
  for (const s of samples) {
    const row = seconds.get(Math.floor(s.t - start)) ?? new Map();
    row.set(processName(s), (row.get(processName(s)) ?? 0) + 1);
    seconds.set(Math.floor(s.t - start), row);
  }
  for (const [second, row] of [...seconds].sort((a, b) => a[0] - b[0])) console.log(second, busiest.map((k) => row.get(k) ?? 0).join(' '));
} else {
  const [from, to] = [Number(option('--from') ?? 0), Number(option('--to') ?? Infinity)];
  const window = samples.filter((s) => s.t - start >= from && s.t - start < to);
  console.log(`${window.length} samples in ${from}–${to} s`);
  print(
    'by command',
    tally(window, (s) => s.comm),
    window.length,
    12,
  );
  print('by process', tally(window, processName), window.length, 12);
  const pid = Number(option('--pid'));
  if (pid) {
    const mine = window.filter((s) => s.pid === pid);
    const main = mine.filter((s) => s.tid === pid);
    print(
      `process ${pid}: threads`,
      tally(mine, (s) => (s.tid === pid ? 'main' : `thread ${s.tid}`)),
      window.length,
      6,
    );
    print(
      'main thread: system calls',
      tally(
        main.filter((s) => isKernel(s.stack[0])),
        (s) => syscallOf(s.stack),
      ),
      window.length,
      15,
    );
    print(
      'main thread: first JS frame',
      tally(main, (s) => shortName(s.stack.find((f) => f.sym.startsWith('JS:'))?.sym ?? '(no JS frame)')),
      window.length,
      30,
    );
    print(
      'main thread: innermost module',
      tally(main, (s) => ownerOf(s.stack)),
      window.length,
      25,
    );
  }
}
