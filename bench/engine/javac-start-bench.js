#!/usr/bin/env node
// What javac's JVM options cost a Java compile: the judge's compile command against the command before it, and
// each of its two start-up options alone, on a contest-sized source and on a long one.
// Usage (after `npx nx run judge-worker:build`): node bench/engine/javac-start-bench.js [rounds] [--json]
// Compiles run on the host (the box adds the same cost to every variant), the variants taking turns round after
// round so machine noise hits all alike. CPU is the compile's user + system time (its JVM's threads included),
// read from this process's reaped children. The floor is the command before this bench's change. The archive is
// the worker's own (javacArchive), dumped into a scratch work root.
const { spawnSync } = require('child_process');
const { mkdtempSync, readFileSync, rmSync, writeFileSync } = require('fs');
const { cpus, loadavg, tmpdir } = require('os');
const { join } = require('path');
const { workerModule } = require('../lib/worker-dist');
const { median, now } = require('../lib/floors');
const { javacArchive } = workerModule('engines/local/java-class-archive');
const catalog = workerModule('engines/local/language-catalog');

const ROUNDS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 10);
const JSON_OUTPUT = process.argv.includes('--json');

const SHORT =
  'import java.util.*;\npublic class Main{public static void main(String[] a){Scanner s=new Scanner(System.in);long x=s.nextLong(),y=s.nextLong();System.out.println(x+y);}}\n';

/** A long contest source: 150 generic helpers with lambdas and collections, about 1,500 lines. */
function longSource() {
  const helpers = Array.from(
    { length: 150 },
    (_, i) => `  static long helper${i}(List<Long> values, Map<Integer, Long> memo) {
    long total = ${i};
    for (int j = 0; j < values.size(); j++) {
      final int key = j * ${i + 1};
      total += memo.computeIfAbsent(key, k -> values.get(k % values.size()) * ${i + 3});
    }
    return values.stream().mapToLong(v -> v ^ ${i}).filter(v -> v % 2 == 0).sum() + total;
  }
`,
  );
  const calls = Array.from({ length: 150 }, (_, i) => `    sum += helper${i}(values, memo);`).join('\n');
  return `import java.util.*;\npublic class Main {\n${helpers.join('\n')}
  public static void main(String[] args) {
    List<Long> values = new ArrayList<>(Arrays.asList(1L, 2L, 3L));
    Map<Integer, Long> memo = new HashMap<>();
    long sum = 0;
${calls}
    System.out.println(sum);
  }
}
`;
}

/** CPU seconds of this process's reaped children, from /proc (clock ticks of 10 ms). */
function childrenCpu() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

function compile(argv, dir) {
  const cpuBefore = childrenCpu();
  const started = now();
  const result = spawnSync(argv[0], [...argv.slice(1), '-d', dir, join(dir, 'Main.java')], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${argv.join(' ')}: ${result.stderr}`);
  return { wallMs: now() - started, cpuMs: (childrenCpu() - cpuBefore) * 1000 };
}

function main() {
  const workRoot = mkdtempSync(join(tmpdir(), 'oj-javac-bench-'));
  try {
    const { bind, unavailable } = javacArchive(workRoot);
    if (!bind) throw new Error(`no javac archive: ${unavailable}`);
    const archive = join(bind.host, catalog.JAVAC_ARCHIVE_FILE);
    const javac = (...options) => [catalog.JAVAC_BINARY, ...options.map((o) => `-J${o}`), '-encoding', 'UTF-8'];
    const before = ['-Xmx384m', '-XX:+UseSerialGC', '-XX:-UsePerfData'];
    const shared = [`-XX:SharedArchiveFile=${archive}`, '-Xshare:auto'];
    const variants = {
      'before: -Xmx384m Serial -UsePerfData': javac(...before),
      'before + C1 only (TieredStopAtLevel=1)': javac(...before, '-XX:TieredStopAtLevel=1'),
      "before + the worker's javac archive": javac(...shared, ...before),
      [`now: ${catalog.JAVAC_VM_OPTIONS.join(' ')} + archive`]: javac(...shared, ...catalog.JAVAC_VM_OPTIONS),
    };
    const sources = { 'a+b (3 lines)': SHORT, 'long (about 1,500 lines)': longSource() };
    const results = {};
    for (const [sourceName, source] of Object.entries(sources)) {
      const dir = mkdtempSync(join(workRoot, 'src-'));
      writeFileSync(join(dir, 'Main.java'), source);
      const samples = Object.fromEntries(Object.keys(variants).map((name) => [name, { wallMs: [], cpuMs: [] }]));
      for (const argv of Object.values(variants)) compile(argv, dir); // warm the page cache
      for (let round = 0; round < ROUNDS; round++)
        for (const [name, argv] of Object.entries(variants)) {
          const { wallMs, cpuMs } = compile(argv, dir);
          samples[name].wallMs.push(wallMs);
          samples[name].cpuMs.push(cpuMs);
        }
      const floor = samples[Object.keys(variants)[0]];
      results[sourceName] = Object.entries(samples).map(([name, { wallMs, cpuMs }]) => ({
        variant: name,
        medianWallMs: Math.round(median(wallMs)),
        medianCpuMs: Math.round(median(cpuMs)),
        cpuRatio: Number((median(cpuMs) / median(floor.cpuMs)).toFixed(2)),
        wallRatio: Number((median(wallMs) / median(floor.wallMs)).toFixed(2)),
      }));
    }
    const report = { rounds: ROUNDS, cpus: cpus().length, cpuModel: cpus()[0]?.model, loadAverage: loadavg()[0], results };
    if (JSON_OUTPUT) {
      console.log(JSON.stringify(report, null, 2));
      return;
    }
    console.log(`javac start-up, ${ROUNDS} rounds, ${report.cpus} × ${report.cpuModel}, load ${report.loadAverage.toFixed(1)}`);
    for (const [sourceName, rows] of Object.entries(results)) {
      console.log(`\n${sourceName}: median wall ms, CPU ms, ratios to the first row`);
      for (const row of rows)
        console.log(
          `  ${row.variant.padEnd(84)} ${String(row.medianWallMs).padStart(6)} ${String(row.medianCpuMs).padStart(6)}   ×${row.wallRatio} wall ×${row.cpuRatio} CPU`,
        );
    }
  } finally {
    rmSync(workRoot, { recursive: true, force: true });
  }
}

main();
