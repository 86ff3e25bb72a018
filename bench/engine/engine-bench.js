#!/usr/bin/env node
// Sandbox overhead and compile-once gain of the local judge engine, measured side by side in one run.
// Usage (as root, after `npx nx run judge-worker:build`): node bench/engine/engine-bench.js [runs] [--json]
// Per test: the same binary run bare (spawn, stdin, stdout, wait), in a fresh box started, run once and closed
// (what each compile gets), and in the reused run box the engine grades tests with (one box per submission, a
// fork of its launcher per test).
const { spawn, execFileSync } = require('child_process');
const { mkdtempSync, writeFileSync, chownSync, chmodSync, rmSync } = require('fs');
const { tmpdir, cpus, loadavg } = require('os');
const { join } = require('path');
const { workerModule } = require('../lib/worker-dist');
const local = (m) => workerModule(`engines/local/${m}`);
const { RunBox } = local('run-box');
const { buildLauncher } = local('box-launcher');
const { CgroupFactory } = local('cgroup');
const { runLimits } = local('sandbox-limits');
const { LocalEngine } = local('local-engine');

const RUNS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 40);
const JSON_OUTPUT = process.argv.includes('--json');
const HELLO = '#include <stdio.h>\nint main(void){puts("hello");return 0;}';
const LOOP = '#include <time.h>\nint main(void){volatile unsigned long x=0;while(clock()<CLOCKS_PER_SEC/2)x++;return 0;}';
const SUM = '#include <iostream>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const now = () => Number(process.hrtime.bigint()) / 1e6;

function compile(dir, name, source) {
  writeFileSync(join(dir, `${name}.c`), source);
  execFileSync('gcc', ['-O2', '-o', join(dir, name), join(dir, `${name}.c`)]);
}

function bare(path) {
  return new Promise((resolve) => {
    const start = now();
    const child = spawn(path, [], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.resume();
    child.stdin.end();
    child.on('close', () => resolve(now() - start));
  });
}

async function timed(run) {
  const start = now();
  const result = await run();
  if (!result || result.termination !== 'exited' || result.exitCode !== 0) throw new Error(`box run failed: ${JSON.stringify(result)}`);
  return { wall: now() - start, cpu: result.cpuMs };
}

async function main() {
  const workRoot = mkdtempSync(join(tmpdir(), 'oj-bench-'));
  chmodSync(workRoot, 0o711);
  const dir = mkdtempSync(join(workRoot, 'sub-'));
  chownSync(dir, 65534, 65534);
  compile(dir, 'hello', HELLO);
  compile(dir, 'loop', LOOP);
  const factory = CgroupFactory.detect();
  if ('unavailable' in factory) throw new Error(`no cgroup: ${factory.unavailable}`);
  const launcher = buildLauncher(workRoot);
  if (!('path' in launcher)) throw new Error(launcher.unavailable);
  const limits = runLimits(2, 64, 0);
  const stdoutPath = join(workRoot, 'stdout');
  const rows = [];
  for (const name of ['hello', 'loop']) {
    const runs = name === 'loop' ? Math.min(RUNS, 10) : RUNS;
    const spec = { command: [`/box/${name}`], boxDir: dir, boxWritable: false, limits };
    const box = await RunBox.start(spec, launcher.path, factory, workRoot);
    const times = { bare: [], fresh: [], reused: [], cpu: [] };
    // Interleaved so machine noise hits all three alike.
    for (let i = 0; i < runs; i++) {
      times.bare.push(await bare(join(dir, name)));
      times.fresh.push(
        (
          await timed(async () => {
            const once = await RunBox.start(spec, launcher.path, factory, workRoot);
            const result = await once.run('', limits, stdoutPath);
            await once.close();
            return result;
          })
        ).wall,
      );
      const reused = await timed(() => box.run('', limits, stdoutPath));
      times.reused.push(reused.wall);
      times.cpu.push(reused.cpu);
    }
    await box.close();
    rows.push({ name, runs, bare: median(times.bare), fresh: median(times.fresh), reused: median(times.reused), cpu: median(times.cpu) });
  }

  const engine = new LocalEngine({ workRoot, logger: { log: () => undefined, warn: console.warn } });
  const tests = Array.from({ length: 50 }, (_, i) => ({ input: `${i} ${i}\n`, output: `${2 * i}\n`, points: 1 }));
  let start = now();
  const once = await engine.grade({ languageId: 54, sourceCode: SUM, cpuTimeLimit: 1, memoryLimit: 128, testCases: tests });
  const compileOnce = now() - start;
  start = now();
  for (const test of tests) await engine.grade({ languageId: 54, sourceCode: SUM, cpuTimeLimit: 1, memoryLimit: 128, testCases: [test] });
  const compileEach = now() - start;
  if (once.status !== 'accepted') throw new Error(`50-test submission was ${once.status}: ${once.message}`);
  rmSync(workRoot, { recursive: true, force: true });

  if (JSON_OUTPUT) {
    console.log(
      JSON.stringify(
        { runs: RUNS, rows, compileOnceMs: compileOnce, compileEachMs: compileEach, gain: compileEach / compileOnce },
        null,
        2,
      ),
    );
    return;
  }
  const f = (x) => x.toFixed(2);
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0].model}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${new Date().toISOString()}; runs ${RUNS}`,
  );
  console.log(
    '| program | bare (ms) | fresh box (ms) | reused box (ms) | overhead fresh / reused (ms) | ratio fresh / reused | CPU reported, reused box (ms) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    const ratio = `${(r.fresh / r.bare).toFixed(2)} / ${(r.reused / r.bare).toFixed(2)}`;
    console.log(
      `| ${r.name} (${r.runs} runs) | ${f(r.bare)} | ${f(r.fresh)} | ${f(r.reused)} | ${f(r.fresh - r.bare)} / ${f(r.reused - r.bare)} | ${ratio} | ${f(r.cpu)} |`,
    );
  }
  console.log('');
  console.log('| 50-test C++ submission | total (ms) | per test (ms) |');
  console.log('| --- | --- | --- |');
  console.log(`| compile once, run 50 | ${compileOnce.toFixed(0)} | ${f(compileOnce / 50)} |`);
  console.log(`| compile per test (Judge0 style) | ${compileEach.toFixed(0)} | ${f(compileEach / 50)} |`);
  console.log(`| gain | ${(compileEach / compileOnce).toFixed(1)}× | |`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
