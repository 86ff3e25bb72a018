#!/usr/bin/env node
// Sandbox overhead and compile-once gain of the local judge engine, measured side by side in one run.
// Usage (as root, after `npx nx run judge-worker:build`): node bench/engine/engine-bench.js [runs] [--json]
// Per run: the same binary run bare (spawn, stdin, stdout, wait), in a fresh box started, run once and closed,
// and in a reused run box (a fork of its launcher). Per submission: a warm slot of the engine's box pool taken,
// the binary run once in its compile box and once in its run box (a compile and a one-test submission), and the
// slot given back — the sandbox's whole fixed cost of a submission, beside two bare runs.
const { spawn, execFileSync } = require('child_process');
const { mkdtempSync, writeFileSync, chownSync, chmodSync, copyFileSync, readdirSync, rmSync } = require('fs');
const { tmpdir, cpus, loadavg } = require('os');
const { join } = require('path');
const { workerModule } = require('../lib/worker-dist');
const local = (m) => workerModule(`engines/local/${m}`);
const { RunBox } = local('run-box');
const { BoxPool } = local('box-pool');
const { PrivateMounts, removeBoxDir } = local('private-mounts');
const { buildLauncher } = local('box-launcher');
const { CgroupFactory } = local('cgroup');
const { runLimits } = local('sandbox-limits');
const { LocalEngine } = local('local-engine');
const { Grader } = workerModule('grading/grader');

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
  const mounts = PrivateMounts.detect(workRoot);
  const pool = new BoxPool(
    { workRoot, launcher: launcher.path, cgroups: factory, mounts: 'unavailable' in mounts ? null : mounts, binds: () => [] },
    1,
  );
  await pool.warm();
  for (const name of ['hello', 'loop']) {
    const runs = name === 'loop' ? Math.min(RUNS, 10) : RUNS;
    const mountsOf = { boxDir: dir, boxWritable: false };
    const command = { command: [`/box/${name}`] };
    const box = await RunBox.start(mountsOf, launcher.path, factory, workRoot, limits.fileBytes);
    const times = { bare: [], fresh: [], reused: [], cpu: [], submission: [], twoBare: [] };
    // Interleaved so machine noise hits all alike.
    for (let i = 0; i < runs; i++) {
      times.bare.push(await bare(join(dir, name)));
      times.fresh.push(
        (
          await timed(async () => {
            const once = await RunBox.start(mountsOf, launcher.path, factory, workRoot, limits.fileBytes);
            const result = await once.run(command, '', limits, stdoutPath);
            await once.close();
            return result;
          })
        ).wall,
      );
      const reused = await timed(() => box.run(command, '', limits, stdoutPath));
      times.reused.push(reused.wall);
      times.cpu.push(reused.cpu);
      if (name === 'hello') {
        times.twoBare.push((await bare(join(dir, name))) + (await bare(join(dir, name))));
        times.submission.push(
          (
            await timed(async () => {
              const slot = await pool.acquire();
              // The slot's /box is its own: the binary is copied in as a compile would leave it.
              copyFileSync(join(dir, name), join(slot.workDir, name));
              const pooled = { command: [`/box/${name}`] };
              const compiled = await slot.compile(pooled, limits);
              const result = compiled.exitCode === 0 ? await slot.run(pooled, '', limits) : compiled;
              slot.release();
              return result;
            })
          ).wall,
        );
      }
    }
    await box.close();
    rows.push({
      name,
      runs,
      bare: median(times.bare),
      fresh: median(times.fresh),
      reused: median(times.reused),
      cpu: median(times.cpu),
      ...(times.submission.length ? { pooledSubmission: median(times.submission), twoBare: median(times.twoBare) } : {}),
    });
  }
  await pool.drain();

  const engine = new LocalEngine({ workRoot, logger: { log: () => undefined, warn: console.warn } });
  const grader = new Grader(engine, { timeFactors: {} });
  const tests = Array.from({ length: 50 }, (_, i) => ({ input: `${i} ${i}\n`, output: `${2 * i}\n`, points: 1 }));
  let start = now();
  const once = await grader.grade({ languageId: 54, sourceCode: SUM, cpuTimeLimit: 1, memoryLimit: 128, testCases: tests });
  const compileOnce = now() - start;
  start = now();
  for (const test of tests) await grader.grade({ languageId: 54, sourceCode: SUM, cpuTimeLimit: 1, memoryLimit: 128, testCases: [test] });
  const compileEach = now() - start;
  if (once.status !== 'accepted') throw new Error(`50-test submission was ${once.status}: ${once.message}`);
  await engine.close();
  // The engine's toolchain copies are a tmpfs of their own.
  for (const name of readdirSync(workRoot)) removeBoxDir(join(workRoot, name));
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
  const hello = rows.find((r) => r.name === 'hello');
  console.log('');
  console.log(
    `Warm slot, one compile-box run and one run-box run: ${f(hello.pooledSubmission)} ms against two bare runs ${f(hello.twoBare)} ms ` +
      `(fixed sandbox cost per submission ${f(hello.pooledSubmission - hello.twoBare)} ms).`,
  );
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
