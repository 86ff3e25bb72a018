#!/usr/bin/env node
// Sandbox overhead and compile-once gain of the local judge engine, measured side by side in one run.
// Usage (as root, after `npx nx run judge-worker:build`): node bench/engine/engine-bench.js [runs]
require('../../tools/register-paths');
const { spawn, execFileSync } = require('child_process');
const { mkdtempSync, writeFileSync, chownSync, rmSync } = require('fs');
const { tmpdir, cpus } = require('os');
const { join } = require('path');
const { Sandbox } = require('../../dist/server/apps/judge-worker/src/engines/local/sandbox');
const { CgroupFactory } = require('../../dist/server/apps/judge-worker/src/engines/local/cgroup');
const { runLimits } = require('../../dist/server/apps/judge-worker/src/engines/local/sandbox-limits');
const { LocalEngine } = require('../../dist/server/apps/judge-worker/src/engines/local/local-engine');

const RUNS = Number(process.argv[2] ?? 30);
const HELLO = '#include <stdio.h>\nint main(void){puts("hello");return 0;}';
const LOOP = '#include <time.h>\nint main(void){volatile unsigned long x=0;while(clock()<CLOCKS_PER_SEC/2)x++;return 0;}';
const SUM = '#include <iostream>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (ns) => Number(ns) / 1e6;

function compile(dir, name, source) {
  writeFileSync(join(dir, `${name}.c`), source);
  execFileSync('gcc', ['-O2', '-o', join(dir, name), join(dir, `${name}.c`)]);
}

function bare(path) {
  return new Promise((resolve) => {
    const start = process.hrtime.bigint();
    const child = spawn(path, [], { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.resume();
    child.stdin.end();
    child.on('close', () => resolve(ms(process.hrtime.bigint() - start)));
  });
}

async function boxed(sandbox, dir, name) {
  const start = process.hrtime.bigint();
  const result = await sandbox.run({ command: [`/box/${name}`], boxDir: dir, boxWritable: false, stdin: '', limits: runLimits(2, 64, 0) });
  if (result.termination !== 'exited' || result.exitCode !== 0) throw new Error(`box run failed: ${result.termination} ${result.exitCode}`);
  return { wall: ms(process.hrtime.bigint() - start), cpu: result.cpuMs };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'oj-bench-'));
  chownSync(dir, 65534, 65534);
  compile(dir, 'hello', HELLO);
  compile(dir, 'loop', LOOP);
  const factory = CgroupFactory.detect();
  const sandbox = new Sandbox('unavailable' in factory ? null : factory);
  const rows = [];
  for (const name of ['hello', 'loop']) {
    const runs = name === 'loop' ? Math.min(RUNS, 10) : RUNS;
    const bareTimes = [];
    const boxTimes = [];
    const boxCpu = [];
    // Interleaved so machine noise hits both sides alike.
    for (let i = 0; i < runs; i++) {
      bareTimes.push(await bare(join(dir, name)));
      const b = await boxed(sandbox, dir, name);
      boxTimes.push(b.wall);
      boxCpu.push(b.cpu);
    }
    rows.push({ name, runs, bare: median(bareTimes), box: median(boxTimes), cpu: median(boxCpu) });
  }

  const engine = new LocalEngine({ logger: { log: () => undefined, warn: console.warn } });
  const tests = Array.from({ length: 50 }, (_, i) => ({ input: `${i} ${i}\n`, output: `${2 * i}\n`, points: 1 }));
  let start = process.hrtime.bigint();
  const once = await engine.grade({ languageId: 54, sourceCode: SUM, cpuTimeLimit: 1, memoryLimit: 128, testCases: tests });
  const compileOnce = ms(process.hrtime.bigint() - start);
  start = process.hrtime.bigint();
  for (const test of tests) await engine.grade({ languageId: 54, sourceCode: SUM, cpuTimeLimit: 1, memoryLimit: 128, testCases: [test] });
  const compileEach = ms(process.hrtime.bigint() - start);
  if (once.status !== 'accepted') throw new Error(`50-test submission was ${once.status}`);
  rmSync(dir, { recursive: true, force: true });

  const f = (x) => x.toFixed(1);
  console.log(`Machine: ${cpus().length} × ${cpus()[0].model}; ${new Date().toISOString()}; runs ${RUNS}`);
  console.log('| program | bare median (ms) | sandbox median (ms) | overhead (ms) | ratio | CPU reported in box (ms) |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const r of rows) console.log(`| ${r.name} | ${f(r.bare)} | ${f(r.box)} | ${f(r.box - r.bare)} | ${(r.box / r.bare).toFixed(2)} | ${f(r.cpu)} |`);
  console.log('');
  console.log('| 50-test C++ submission | total (ms) | per test (ms) |');
  console.log('| --- | --- | --- |');
  console.log(`| compile once, run 50 | ${f(compileOnce)} | ${f(compileOnce / 50)} |`);
  console.log(`| compile per test (Judge0 style) | ${f(compileEach)} | ${f(compileEach / 50)} |`);
  console.log(`| gain | ${(compileEach / compileOnce).toFixed(1)}× | |`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
