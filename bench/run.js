#!/usr/bin/env node
// `npm run bench`: every benchmark behind the performance targets, each on a fresh stack of its own (database,
// Redis prefix, API and worker compiled from this checkout) and each beside its floor measured in the same run,
// then the targets table in bench/BENCHMARKS.md rewritten with the date, the machine and the load average.
// Usage: node bench/run.js [--quick] [--only judging,auth,post,engine,fork,interactive,runtime-start,list,problems,fanout,scoreboard,scoreboard-fanout,similarity,replay,web] [--no-write]
//   --quick     small sizes, to check the harness itself (figures are not comparable with the targets)
//   --no-write  print the table, leave BENCHMARKS.md alone
// As root (the engine benchmark builds sandboxes). Raw results go to tmp/bench-results.json.
const { execFileSync } = require('child_process');
const { mkdtempSync, readFileSync, rmSync, writeFileSync } = require('fs');
const { cpus, loadavg, release, tmpdir, totalmem } = require('os');
const path = require('path');
const { ROOT } = require('./submissions/stack');
const { renderTargets } = require('./targets');

const QUICK = process.argv.includes('--quick');
const onlyIndex = process.argv.indexOf('--only');
const ONLY = onlyIndex > 0 ? process.argv[onlyIndex + 1].split(',') : null;
const BENCHMARKS_MD = path.join(ROOT, 'bench/BENCHMARKS.md');

/** Each benchmark: the script, its arguments (full and --quick) and whether it needs the worker's dist build. */
const BENCHES = {
  judging: { script: 'bench/submissions/judging.js', args: ['--runs', '15', '--queued', '300'], quick: ['--runs', '3', '--queued', '20'] },
  auth: { script: 'bench/auth/guard-bench.js', args: ['15', '--json'], quick: ['3', '--checks', '200', '--json'] },
  post: { script: 'bench/submissions/post.js', args: ['--requests', '200'], quick: ['--requests', '20'] },
  engine: { script: 'bench/engine/engine-bench.js', args: ['40', '--json'], quick: ['5', '--json'], distBuild: true },
  fork: { script: 'bench/engine/fork-server-bench.js', args: ['15', '--json'], quick: ['2', '--json'], distBuild: true },
  interactive: { script: 'bench/engine/interactive-bench.js', args: ['7', '--json'], quick: ['1', '--json'], distBuild: true },
  'runtime-start': { script: 'bench/engine/runtime-start-bench.js', args: ['20', '--json'], quick: ['2', '--json'], distBuild: true },
  list: {
    script: 'bench/submissions/list.js',
    args: ['--rows', '1000000', '--requests', '40'],
    quick: ['--rows', '20000', '--requests', '5'],
  },
  problems: {
    script: 'bench/submissions/problems.js',
    args: ['--seconds', '5', '--rounds', '3'],
    quick: ['--seconds', '1', '--rounds', '1'],
  },
  fanout: {
    script: 'bench/submissions/fanout.js',
    args: ['--clients', '5000', '--events', '20'],
    quick: ['--clients', '200', '--events', '5'],
  },
  scoreboard: {
    script: 'bench/contests/scoreboard.js',
    args: ['--participants', '10000', '--submissions', '300000', '--requests', '40'],
    quick: ['--participants', '1000', '--submissions', '30000', '--requests', '5'],
  },
  'scoreboard-fanout': {
    script: 'bench/contests/scoreboard-fanout.js',
    args: ['--clients', '5000', '--verdicts', '20', '--participants', '10000', '--submissions', '300000'],
    quick: ['--clients', '200', '--verdicts', '5', '--participants', '1000', '--submissions', '30000'],
  },
  similarity: {
    script: 'bench/similarity/similarity-bench.js',
    args: ['2000', '--json'],
    quick: ['200', '--json'],
    distBuild: true,
  },
  replay: {
    script: 'bench/contests/replay.js',
    args: ['--minutes', '10', '--contestants', '500', '--viewers', '1000'],
    quick: ['--quick'],
  },
};

function sh(command, args) {
  return execFileSync(command, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

function machine() {
  const version = (command, args, pattern) => {
    try {
      return pattern.exec(sh(command, args))?.[1] ?? 'unknown';
    } catch {
      return 'not found';
    }
  };
  return {
    cpu: `${cpus().length} × ${cpus()[0].model.replace(/\s+/g, ' ')}`,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    kernel: release(),
    node: process.version,
    postgres: version('psql', ['--version'], /(\d+\.\d+)/),
    redis: version('redis-server', ['--version'], /v=(\S+)/),
  };
}

function runBench(name, bench) {
  const args = QUICK ? bench.quick : bench.args;
  console.error(`[bench] ${name}: node ${bench.script} ${args.join(' ')}`);
  const started = Date.now();
  const out = execFileSync(process.execPath, [bench.script, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, BENCH_SKIP_BUILD: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  // A script prints its JSON result last (list.js may print query plans before it).
  const json = out.slice(out.lastIndexOf('\n{') + 1);
  return {
    command: `node ${bench.script} ${args.join(' ')}`,
    seconds: Math.round((Date.now() - started) / 1000),
    result: JSON.parse(json),
  };
}

/** The SPA's first-route JS, built into a directory of its own. */
function webBudget() {
  const outDir = mkdtempSync(path.join(tmpdir(), 'oj-bench-web-'));
  try {
    execFileSync(
      process.execPath,
      [
        'node_modules/vite/bin/vite.js',
        'build',
        '--config',
        'apps/web/vite.config.ts',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      { cwd: ROOT, stdio: 'inherit' },
    );
    const { firstRouteJs } = require(path.join(ROOT, 'tools/web-budget.js'));
    return { command: 'node tools/web-budget.js', result: { gzipKB: +(firstRouteJs(outDir).gzipBytes / 1024).toFixed(1) } };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

function main() {
  const selected = Object.keys(BENCHES).filter((name) => !ONLY || ONLY.includes(name));
  const loadBefore = loadavg();
  const started = new Date();
  // One build for every script: the stack's tsc build, and the worker's dist build for the engine benchmark.
  console.error('[bench] building');
  const { build } = require('./submissions/stack');
  build();
  if (selected.some((name) => BENCHES[name].distBuild)) {
    execFileSync(process.execPath, ['node_modules/nx/bin/nx.js', 'run', 'judge-worker:build', '--outputStyle=static'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NX_DAEMON: 'false' },
    });
  }
  const results = {};
  const failed = [];
  for (const name of selected) {
    // One benchmark failing leaves the others' figures standing; the table says which one failed.
    try {
      results[name] = runBench(name, BENCHES[name]);
    } catch (error) {
      console.error(`[bench] ${name} failed: ${error.message}`);
      failed.push(name);
    }
  }
  if (!ONLY || ONLY.includes('web')) results.web = webBudget();
  const run = {
    date: started.toISOString(),
    quick: QUICK,
    machine: machine(),
    loadavg: { before: loadBefore, after: loadavg() },
    results,
    failed,
  };
  writeFileSync(path.join(ROOT, 'tmp/bench-results.json'), `${JSON.stringify(run, null, 2)}\n`);
  const table = renderTargets(run);
  if (process.argv.includes('--no-write')) {
    console.log(table);
    return;
  }
  const md = readFileSync(BENCHMARKS_MD, 'utf8');
  const start = '<!-- targets:start -->';
  const end = '<!-- targets:end -->';
  if (!md.includes(start) || !md.includes(end)) throw new Error(`BENCHMARKS.md lacks the ${start} … ${end} markers`);
  writeFileSync(BENCHMARKS_MD, `${md.slice(0, md.indexOf(start) + start.length)}\n${table}\n${md.slice(md.indexOf(end))}`);
  // Formatted as `npm test` checks it, so a fresh table never fails the format check.
  execFileSync(process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--write', BENCHMARKS_MD], { cwd: ROOT, stdio: 'ignore' });
  console.error('[bench] bench/BENCHMARKS.md updated');
}

main();
