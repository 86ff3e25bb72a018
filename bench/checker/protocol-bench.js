// One custom check's cost per test by protocol, side by side in one run: a testlib checker (C++, our testlib.h)
// against the same comparison as an ICPC output validator in C++ and in Python 3 (feedback directory, output on
// stdin, exit 42), each checked in a fresh box as the worker grades a test. Runs interleaved, so machine noise hits
// all alike. Usage (as root, Linux, after `npx nx run judge-worker:build`):
//   node bench/checker/checker-bench.js protocols [runs]
const { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } = require('fs');
const { tmpdir, cpus, loadavg } = require('os');
const { join } = require('path');
const { workerModule } = require('../lib/worker-dist');
const { LocalEngine } = workerModule('engines/local/local-engine');
const { removeBoxDir } = workerModule('engines/local/private-mounts');

const TESTLIB = `
#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  long long a = ans.readLong(), b = ouf.readLong();
  if (a != b) quitf(_wa, "%lld is not %lld", b, a);
  quitf(_ok, "%lld", a);
}
`;
const ICPC_CPP = `
#include <cstdio>
#include <string>
int main(int argc, char **argv) {
  FILE *answer = std::fopen(argv[2], "r");
  long long a, b;
  if (std::fscanf(answer, "%lld", &a) != 1) return 1;
  if (std::scanf("%lld", &b) != 1 || a != b) {
    FILE *f = std::fopen((std::string(argv[3]) + "judgemessage.txt").c_str(), "w");
    std::fprintf(f, "wrong");
    std::fclose(f);
    return 43;
  }
  return 42;
}
`;
const ICPC_PY = `
import sys
a = int(open(sys.argv[2]).read())
b = sys.stdin.read().split()
if b != [str(a)]:
    open(sys.argv[3] + "judgemessage.txt", "w").write("wrong")
    sys.exit(43)
sys.exit(42)
`;
const PROGRAMS = [
  { name: 'testlib checker, C++', languageId: 54, source: TESTLIB, call: { protocol: 'testlib', validatorFlags: [] }, exit: 0 },
  { name: 'ICPC validator, C++', languageId: 54, source: ICPC_CPP, call: { protocol: 'icpc', validatorFlags: [] }, exit: 42 },
  { name: 'ICPC validator, Python 3', languageId: 71, source: ICPC_PY, call: { protocol: 'icpc', validatorFlags: [] }, exit: 42 },
];

const now = () => Number(process.hrtime.bigint()) / 1e6;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

async function main(runs) {
  const dir = mkdtempSync(join(tmpdir(), 'oj-protocol-bench-'));
  chmodSync(dir, 0o711);
  const engine = new LocalEngine({
    workRoot: join(dir, 'work'),
    logger: { log: () => undefined, warn: console.warn },
    precompiledHeaders: false,
  });
  const outputPath = join(dir, 'output');
  writeFileSync(outputPath, '3\n');
  const files = { input: '1 2\n', outputPath, answer: '3\n' };
  const builds = [];
  try {
    for (const p of PROGRAMS) {
      const build = await engine.checkers().build({ source: p.source, languageId: p.languageId });
      if (!('program' in build)) throw new Error(`${p.name} did not compile: ${build.compilerOutput}`);
      builds.push(build);
    }
    const times = PROGRAMS.map(() => []);
    for (let i = 0; i < runs; i++) {
      for (const [k, p] of PROGRAMS.entries()) {
        const start = now();
        const run = await engine.checkers().check(builds[k], files, p.call);
        times[k].push(now() - start);
        if (run.exitCode !== p.exit) throw new Error(`${p.name} exited ${run.exitCode}: ${run.stderr}`);
      }
    }
    console.log(
      `${cpus().length} × ${cpus()[0].model}, Node ${process.version}, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}, ${new Date().toISOString()}, ${runs} checks each, interleaved`,
    );
    console.log('| Custom check, one test | Median per test | Against testlib |');
    console.log('|---|---|---|');
    const base = median(times[0]);
    for (const [k, p] of PROGRAMS.entries()) {
      const ms = median(times[k]);
      console.log(`| ${p.name} | ${ms.toFixed(1)} ms | ${(ms / base).toFixed(2)}× |`);
    }
  } finally {
    builds.forEach((b) => b.release());
    await engine.close();
    // The work root's directories may hold the engine's mounts (its staged toolchains): unmounted as the worker does.
    for (const name of readdirSync(join(dir, 'work'))) removeBoxDir(join(dir, 'work', name));
    rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = { main };
