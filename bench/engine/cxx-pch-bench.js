#!/usr/bin/env node
// What the worker's precompiled <bits/stdc++.h> saves a C++ compile, in the judge's compile box as the judge runs it.
// Usage (as root, after `npx nx run judge-worker:build`): node bench/engine/cxx-pch-bench.js [rounds] [--json]
// An a+b that includes <bits/stdc++.h> (as most contestants' programs do) and one that includes <iostream> only are
// compiled in one reused compile box, with the judge's argv and the worker's precompiled header bound read-only
// (precompileHeader), and with the argv before it (no -I, nothing bound); the variants take turns round after
// round so machine noise hits all alike. CPU is the box cgroup's, wall the worker's.
const { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('fs');
const { loadavg, tmpdir } = require('os');
const { join } = require('path');
const { workerModule } = require('../lib/worker-dist');
const { median, now } = require('../lib/floors');
const local = (m) => workerModule(`engines/local/${m}`);
const { RunBox } = local('run-box');
const { buildLauncher } = local('box-launcher');
const { CgroupFactory } = local('cgroup');
const { COMPILE_LIMITS } = local('sandbox-limits');
const { precompileHeader } = local('precompiled-header');
const catalog = local('language-catalog');

const ROUNDS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 10);
const JSON_OUTPUT = process.argv.includes('--json');
const STDCXX_SUM = '#include <bits/stdc++.h>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}';
const IOSTREAM_SUM = '#include <iostream>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}';

/** CPU time (ms) of this process's waited-for children, from /proc/self/stat (cutime + cstime, in ticks of 10 ms). */
function childrenCpuMs() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

async function compileIn(box, dir, argv, source, stdoutPath) {
  for (const name of ['main', 'main.cpp']) rmSync(join(dir, name), { force: true });
  writeFileSync(join(dir, 'main.cpp'), source, { mode: 0o644 });
  const started = now();
  const result = await box.run({ command: argv }, '', COMPILE_LIMITS, stdoutPath);
  const wall = now() - started;
  if (!result || result.termination !== 'exited' || result.exitCode !== 0) {
    throw new Error(`${argv.join(' ')}: ${JSON.stringify(result)}`);
  }
  return { wall, cpu: result.cpuMs, memoryKB: result.memoryKB };
}

async function main() {
  const spec = catalog.LANGUAGE_SPECS.find((s) => s.id === catalog.CPP_LANGUAGE_ID);
  const judgeArgv = spec.compile;
  const beforeArgv = judgeArgv.filter((a) => !a.startsWith('-I'));
  const workRoot = mkdtempSync(join(tmpdir(), 'oj-bench-pch-'));
  chmodSync(workRoot, 0o711);
  try {
    const dir = mkdtempSync(join(workRoot, 'sub-'));
    chmodSync(dir, 0o755);
    chownSync(dir, 65534, 65534);
    const cpuBefore = childrenCpuMs();
    const started = now();
    const built = precompileHeader(workRoot, spec.precompiledHeader);
    const build = { wallMs: now() - started, cpuMs: childrenCpuMs() - cpuBefore };
    if ('unavailable' in built) throw new Error(built.unavailable);

    const factory = CgroupFactory.detect();
    if ('unavailable' in factory) throw new Error(`no cgroup: ${factory.unavailable}`);
    const launcher = buildLauncher(workRoot);
    if (!('path' in launcher)) throw new Error(launcher.unavailable);
    const box = await RunBox.start(
      { boxDir: dir, boxWritable: true, binds: [built.bind] },
      launcher.path,
      factory,
      workRoot,
      COMPILE_LIMITS.fileBytes,
    );
    const stdoutPath = join(workRoot, 'stdout');

    const variants = [
      { name: '<bits/stdc++.h>, before (no precompiled header)', argv: beforeArgv, source: STDCXX_SUM },
      { name: '<bits/stdc++.h>, judge now (precompiled header)', argv: judgeArgv, source: STDCXX_SUM },
      { name: '<iostream> only, before', argv: beforeArgv, source: IOSTREAM_SUM },
      { name: '<iostream> only, judge now', argv: judgeArgv, source: IOSTREAM_SUM },
    ];
    const samples = new Map(variants.map((v) => [v.name, []]));
    const loads = [];
    for (let round = -1; round < ROUNDS; round++) {
      for (const v of variants) {
        const sample = await compileIn(box, dir, v.argv, v.source, stdoutPath);
        if (round >= 0) samples.get(v.name).push(sample);
      }
      loads.push(loadavg()[0]);
    }
    await box.close();
    const rows = variants.map((v) => {
      const s = samples.get(v.name);
      return {
        name: v.name,
        argv: v.argv.join(' '),
        wallMs: median(s.map((x) => x.wall)),
        cpuMs: median(s.map((x) => x.cpu)),
        memoryKB: median(s.map((x) => x.memoryKB)),
      };
    });
    const result = { rounds: ROUNDS, build, loadAverage: { min: Math.min(...loads), max: Math.max(...loads) }, rows };
    if (JSON_OUTPUT) {
      console.log(JSON.stringify(result));
      return;
    }
    console.log(`C++ compile in the judge's compile box, medians of ${ROUNDS} alternating rounds`);
    console.log(`precompiling <bits/stdc++.h>: ${build.wallMs.toFixed(0)} ms wall, ${build.cpuMs} ms CPU`);
    console.log(`load average (1 min) during the rounds: ${result.loadAverage.min.toFixed(1)}–${result.loadAverage.max.toFixed(1)}`);
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(50)} CPU ${String(r.cpuMs).padStart(6)} ms  wall ${r.wallMs.toFixed(0).padStart(6)} ms  memory ${(r.memoryKB / 1024).toFixed(1)} MiB`,
      );
    }
  } finally {
    rmSync(workRoot, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
