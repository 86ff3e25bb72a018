#!/usr/bin/env node
// Where a clean-clone `npm test` spends its time: per project and target, from Nx's task profile (NX_PROFILE, a
// Chrome trace of every task's start and duration).
// Usage:
//   node bench/test-times.js [--rev <commit>] [--keep <dir>]
//                                               clone the repository at <commit> (default HEAD) into a temporary
//                                               directory, `npm install`, then `npm test` with the profile; print the
//                                               table, and how many cores were busy while each set of tasks ran
//                                               (--keep: copy the profile and the file times into <dir>)
//   node bench/test-times.js --summary <file>   print the table of a profile written by an earlier run (.ci/run's);
//                                               NX_PROFILE is taken relative to Nx's working directory
//   node bench/test-times.js --files <file>     the slowest test files of a run that set TEST_FILE_TIMES=<file>
//                                               (tools/jest/file-times-reporter.js), and each project's files' sum
const { execFileSync, spawn } = require('child_process');
const { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } = require('fs');
const { loadavg, tmpdir } = require('os');
const path = require('path');

const { machineTicks, TICK_MS } = require('./lib/process-cpu');

const ROOT = path.join(__dirname, '..');
const arg = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);

/** Seconds per project and target, with each task's start (s after the first), from an Nx profile. */
function tasksOf(profileFile) {
  const events = JSON.parse(readFileSync(profileFile, 'utf8'));
  const tasks = (Array.isArray(events) ? events : events.traceEvents).filter((e) => e.ph === 'X' && e.args?.target);
  const first = Math.min(...tasks.map((t) => t.ts));
  return tasks.map((t) => ({
    project: t.args.target.project,
    target: t.args.target.target,
    // Nx stamps its trace events in microseconds of the wall clock
    startEpochS: t.ts / 1e6,
    startS: (t.ts - first) / 1e6,
    seconds: t.dur / 1e6,
    status: t.args.status,
  }));
}

function table(tasks) {
  const targets = [...new Set(tasks.map((t) => t.target))].sort();
  const projects = [...new Set(tasks.map((t) => t.project))];
  const cell = (project, target) => tasks.find((t) => t.project === project && t.target === target);
  const rows = projects
    .map((project) => ({ project, total: tasks.filter((t) => t.project === project).reduce((s, t) => s + t.seconds, 0) }))
    .sort((a, b) => b.total - a.total);
  const span = Math.max(...tasks.map((t) => t.startS + t.seconds));
  const lines = [
    `| project | ${targets.join(' | ')} | sum |`,
    `| --- | ${targets.map(() => '---:').join(' | ')} | ---: |`,
    ...rows.map(
      ({ project, total }) =>
        `| ${project} | ${targets.map((target) => (cell(project, target) ? `${cell(project, target).seconds.toFixed(0)} s` : '')).join(' | ')} | ${total.toFixed(0)} s |`,
    ),
    '',
    `Nx tasks from the first start to the last end: ${span.toFixed(0)} s (${(span / 60).toFixed(1)} min), two at a time.`,
  ];
  return lines.join('\n');
}

/**
 * How many cores the machine kept busy while each set of tasks ran together, from /proc/stat read every two seconds
 * during the run (`samples`: { epochS, busyTicks }): a schedule cannot beat a machine that is busy throughout.
 */
function busyTable(tasks, samples) {
  const phases = new Map();
  for (let i = 1; i < samples.length; i++) {
    const [a, b] = [samples[i - 1], samples[i]];
    const mid = (a.epochS + b.epochS) / 2;
    const running =
      tasks
        .filter((t) => t.startEpochS <= mid && mid < t.startEpochS + t.seconds)
        .map((t) => `${t.project}:${t.target}`)
        .sort()
        .join(' + ') || '(no Nx task: the format check, Nx starting)';
    const phase = phases.get(running) ?? { seconds: 0, busyMs: 0 };
    phase.seconds += b.epochS - a.epochS;
    phase.busyMs += (b.busyTicks - a.busyTicks) * TICK_MS;
    phases.set(running, phase);
  }
  const all = [...phases.values()].reduce((s, p) => ({ seconds: s.seconds + p.seconds, busyMs: s.busyMs + p.busyMs }), {
    seconds: 0,
    busyMs: 0,
  });
  return [
    '| tasks running together | seconds | busy cores |',
    '| --- | ---: | ---: |',
    ...[...phases]
      .sort((x, y) => y[1].seconds - x[1].seconds)
      .map(([running, p]) => `| ${running} | ${p.seconds.toFixed(0)} | ${(p.busyMs / 1000 / p.seconds).toFixed(2)} |`),
    '',
    `The machine was busy ${(all.busyMs / 1000).toFixed(0)} core-seconds over ${all.seconds.toFixed(0)} s of \`npm test\`.`,
  ].join('\n');
}

/** The slowest files of a run (JSON lines from tools/jest/file-times-reporter.js), and each project's sum. */
function fileTable(timesFile, top = 25) {
  const files = readFileSync(timesFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .sort((a, b) => b.seconds - a.seconds);
  const projects = new Map();
  for (const f of files) projects.set(f.project, (projects.get(f.project) ?? 0) + f.seconds);
  return [
    `| slowest files (${Math.min(top, files.length)} of ${files.length}) | tests | seconds |`,
    '| --- | ---: | ---: |',
    ...files.slice(0, top).map((f) => `| ${f.file} | ${f.tests} | ${f.seconds.toFixed(1)} |`),
    '',
    '| project | files | sum of file times |',
    '| --- | ---: | ---: |',
    ...[...projects]
      .sort((a, b) => b[1] - a[1])
      .map(([project, seconds]) => `| ${project} | ${files.filter((f) => f.project === project).length} | ${seconds.toFixed(0)} s |`),
  ].join('\n');
}

async function measure(rev, keep) {
  const dir = mkdtempSync(path.join(tmpdir(), 'oj-test-times-'));
  const repo = path.join(dir, 'repo');
  try {
    execFileSync('git', ['clone', '--quiet', '--no-checkout', ROOT, repo]);
    execFileSync('git', ['checkout', '--quiet', rev], { cwd: repo });
    // Nx writes the profile under its working directory, whatever the path given.
    const fileTimes = path.join(dir, 'file-times.jsonl');
    const env = {
      ...process.env,
      CI: 'true',
      NX_DAEMON: 'false',
      NX_NO_CLOUD: 'true',
      NX_PROFILE: '../profile.json',
      TEST_FILE_TIMES: fileTimes,
    };
    const timed = async (command, args, samples = []) => {
      const started = Date.now();
      const sample = () => samples.push({ epochS: Date.now() / 1000, busyTicks: machineTicks().busy });
      sample();
      const sampling = setInterval(sample, 2000);
      const child = spawn(command, args, { cwd: repo, env, stdio: ['ignore', 'ignore', 'inherit'] });
      const status = await new Promise((resolve) => child.on('close', resolve));
      clearInterval(sampling);
      sample();
      return { seconds: (Date.now() - started) / 1000, status, samples };
    };
    console.error(
      `[test-times] ${rev} in ${repo}; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    const install = await timed('npm', ['install', '--no-audit', '--no-fund']);
    const test = await timed('npm', ['test']);
    console.log(`${rev}: npm install ${install.seconds.toFixed(0)} s, npm test ${test.seconds.toFixed(0)} s (exit ${test.status})`);
    console.log(
      `load average after: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
    );
    const tasks = tasksOf(path.join(dir, 'profile.json'));
    console.log(table(tasks));
    console.log(`\n${busyTable(tasks, test.samples)}`);
    console.log(`\n${fileTable(fileTimes)}`);
    if (keep) {
      mkdirSync(keep, { recursive: true });
      copyFileSync(path.join(dir, 'profile.json'), path.join(keep, 'profile.json'));
      copyFileSync(fileTimes, path.join(keep, 'file-times.jsonl'));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (arg('--summary')) console.log(table(tasksOf(arg('--summary'))));
else if (arg('--files')) console.log(fileTable(arg('--files')));
else
  measure(arg('--rev') ?? 'HEAD', arg('--keep')).catch((error) => {
    console.error(error);
    process.exit(1);
  });
