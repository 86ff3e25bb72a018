#!/usr/bin/env node
// The standard checker before and after it became a streaming, linear-time comparison, side by side.
// Usage (Linux, after `npx nx run judge-worker:build`): node bench/checker/checker-bench.js [runs]
// With `protocols` first: a custom check's cost per test, testlib against ICPC validators (protocol-bench.js).
// Old: the output read whole into memory, decoded, split into lines and each line trimmed with /\s+$/ (what the
// worker did until 2026-11-23). New: StreamingChecker over the output file in 64 KiB chunks, as the worker does
// now. Reports the median time of `runs` runs and the peak RSS growth of one run (VmHWM, reset through
// /proc/self/clear_refs, which needs root).
const { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('fs');
const { tmpdir, cpus, loadavg } = require('os');
const { join } = require('path');
const { workerModule } = require('../lib/worker-dist');
const { streamMatches } = workerModule('grading/checker');

const PROTOCOLS = process.argv[2] === 'protocols';
const RUNS = Number(process.argv[PROTOCOLS ? 3 : 2] ?? (PROTOCOLS ? 30 : 5));
const MIB = 1024 * 1024;

/** The checker as it was, kept here as the baseline. */
function oldOutputsMatch(actual, expected) {
  const lines = (text) => {
    const l = text.split('\n').map((line) => line.replace(/\s+$/, ''));
    while (l.length && l[l.length - 1] === '') l.pop();
    return l;
  };
  const a = lines(actual);
  const e = lines(expected);
  return a.length === e.length && a.every((line, i) => line === e[i]);
}

const numbers = (n) => Array.from({ length: n }, (_, i) => `${i} ${i * 7}`).join('\n') + '\n';
const CASES = [
  { name: '1 MiB of number lines, equal', output: numbers(90_000), expected: numbers(90_000) },
  { name: '16 MiB, trailing spaces on every line', output: numbers(1_300_000).replace(/\n/g, '   \n'), expected: numbers(1_300_000) },
  { name: '25,000 spaces then x', output: `${' '.repeat(25_000)}x`, expected: 'x' },
  { name: '50,000 spaces then x', output: `${' '.repeat(50_000)}x`, expected: 'x' },
  { name: '200,000 spaces then x', output: `${' '.repeat(200_000)}x`, expected: 'x', oldRuns: 1 },
  { name: '64 MiB of newlines', output: '\n'.repeat(64 * MIB), expected: '\n' },
];

const now = () => Number(process.hrtime.bigint()) / 1e6;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const kib = (field) => Number(new RegExp(`^${field}:\\s*(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))[1]);

/** Median milliseconds over `runs`, and the RSS peak of the first run above the RSS before it, in MiB. */
async function measure(runs, check) {
  const times = [];
  let peakMiB = null;
  for (let i = 0; i < runs; i++) {
    globalThis.gc?.();
    writeFileSync('/proc/self/clear_refs', '5');
    const before = kib('VmRSS');
    const start = now();
    const same = await check();
    times.push(now() - start);
    if (i === 0) peakMiB = (kib('VmHWM') - before) / 1024;
    if (typeof same !== 'boolean') throw new Error('checker returned no verdict');
  }
  return { ms: median(times), peakMiB };
}

async function builtinCheckers() {
  const dir = mkdtempSync(join(tmpdir(), 'oj-checker-bench-'));
  const file = join(dir, 'stdout');
  console.log(
    `${cpus().length} × ${cpus()[0].model}, Node ${process.version}, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, ${new Date().toISOString()}`,
  );
  console.log('| Output | Old (regex, whole output) | New (streaming, 64 KiB chunks) | Old / new | Peak RSS growth old / new |');
  console.log('|---|---|---|---|---|');
  try {
    for (const c of CASES) {
      writeFileSync(file, c.output);
      const newer = await measure(RUNS, () => streamMatches(createReadStream(file, { highWaterMark: 64 * 1024 }), c.expected));
      const older = await measure(c.oldRuns ?? RUNS, () => oldOutputsMatch(readFileSync(file).toString('utf8'), c.expected));
      const ms = (x) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(2)} ms`);
      console.log(
        `| ${c.name} | ${ms(older.ms)} | ${ms(newer.ms)} | ${(older.ms / newer.ms).toFixed(1)}× | ${older.peakMiB.toFixed(0)} MiB / ${newer.peakMiB.toFixed(0)} MiB |`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

(PROTOCOLS ? require('./protocol-bench').main(RUNS) : builtinCheckers()).catch((error) => {
  console.error(error);
  process.exit(1);
});
