#!/usr/bin/env node
// What the JVM's and Node's start-up options cost per test, inside the judge's sandbox as the judge runs them.
// Usage (as root, after `npx nx run judge-worker:build`): node bench/engine/runtime-start-bench.js [rounds] [--json]
// The verdict corpus's a+b programs (Java: Scanner; JavaScript: readFileSync) run in one reused run box, as a
// submission's tests do, under each variant of options; the variants take turns round after round so machine
// noise hits all alike. The floor is a bare `java -cp <dir> Main` with default options, on the host, in the same
// rounds. The class-data sharing archive is the worker's own (javaArchive), bound read-only as in the judge.
const { spawn, execFileSync } = require('child_process');
const { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } = require('fs');
const { cpus, loadavg, tmpdir } = require('os');
const { join } = require('path');
const { workerModule } = require('../lib/worker-dist');
const { median, now } = require('../lib/floors');
const local = (m) => workerModule(`engines/local/${m}`);
const { RunBox } = local('run-box');
const { buildLauncher } = local('box-launcher');
const { CgroupFactory } = local('cgroup');
const { runLimits, MIB } = local('sandbox-limits');
const { javaArchive } = local('java-class-archive');
const catalog = local('language-catalog');

const ROUNDS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 20);
const JSON_OUTPUT = process.argv.includes('--json');
const MEMORY_MB = 256;
const INPUT = '1 2\n';
const JAVA_SOURCE =
  'import java.util.*;\npublic class Main{public static void main(String[] a){Scanner s=new Scanner(System.in);long x=s.nextLong(),y=s.nextLong();System.out.println(x+y);}}';
const JS_SOURCE = "const d=require('fs').readFileSync(0,'utf8').trim().split(/\\s+/).map(Number);console.log(d[0]+d[1]);";
const spec = (id) => catalog.LANGUAGE_SPECS.find((s) => s.id === id);
const ARCHIVE = `${catalog.JAVA_ARCHIVE_BOX_DIR}/${catalog.JAVA_ARCHIVE_FILE}`;
const NODE_BLOB_DIR = '/opt/node-snapshot';

/** The judge's Java options before this bench's change, for the before/after row. */
const JAVA_BEFORE = ['-Xss16m', '-XX:+UseSerialGC', '-XX:-UsePerfData', '-XX:TieredStopAtLevel=1'];
const java = (...options) => ['/usr/bin/java', ...options, '-cp', '/box', 'Main'];
const withArchive = (path) => [`-XX:SharedArchiveFile=${path}`, '-Xshare:auto'];

/** name → argv in the box; `default` is what each single option is added to. */
function javaVariants() {
  const judge = spec(catalog.JAVA_LANGUAGE_ID).run(MEMORY_MB);
  const judgeWithout = (path) => judge.map((a) => (a.startsWith('-XX:SharedArchiveFile=') ? `-XX:SharedArchiveFile=${path}` : a));
  const options = judge.filter((a) => a.startsWith('-X') && !a.startsWith('-XX:SharedArchiveFile=') && a !== '-Xshare:auto');
  return {
    default: java(),
    'default + -XX:+UseSerialGC': java('-XX:+UseSerialGC'),
    'default + -XX:TieredStopAtLevel=1': java('-XX:TieredStopAtLevel=1'),
    'default + -XX:-UsePerfData': java('-XX:-UsePerfData'),
    'default + -Xss16m': java('-Xss16m'),
    'default + -Xshare:off': java('-Xshare:off'),
    "default (G1) + the worker's archive, dumped under Serial": java(...withArchive(ARCHIVE)),
    [`judge before: -Xmx${MEMORY_MB}m ${JAVA_BEFORE.join(' ')}`]: java(`-Xmx${MEMORY_MB}m`, ...JAVA_BEFORE),
    [`judge now: ${judge.slice(1, -3).join(' ')}`]: judge,
    'judge now, archive missing (-Xshare:auto falls back)': judgeWithout('/opt/java-cds/missing.jsa'),
    // G1 with the JDK's default archive (dumped with G1): JDK 17 maps archived heap objects, and so the module
    // graph, only under G1.
    "judge now with G1 and the JDK's default archive, one CPU": java(
      '-XX:+UseG1GC',
      '-XX:ActiveProcessorCount=1',
      ...options.filter((o) => o !== '-XX:+UseSerialGC'),
    ),
  };
}

function nodeVariants() {
  const judge = spec(63).run(MEMORY_MB);
  return {
    'node, judge options': judge,
    'node, judge options + user-land start-up snapshot': [judge[0], '--snapshot-blob', `${NODE_BLOB_DIR}/main.blob`, ...judge.slice(1)],
    'node, judge options + --max-semi-space-size=16': [judge[0], '--max-semi-space-size=16', ...judge.slice(1)],
  };
}

/** A snapshot whose main function runs the program named after `--`: built with the run's own V8 flags (it must). */
function buildNodeSnapshot(dir) {
  const entry = join(dir, 'entry.js');
  writeFileSync(
    entry,
    "require('v8').startupSnapshot.setDeserializeMainFunction(() => require('module').runMain(process.argv[process.argv.length - 1]));",
  );
  const flags = spec(63).run(MEMORY_MB).slice(1, -1);
  const started = now();
  execFileSync('/usr/bin/node', [...flags, '--snapshot-blob', join(dir, 'main.blob'), '--build-snapshot', entry]);
  chmodSync(join(dir, 'main.blob'), 0o644);
  return now() - started;
}

function bare(command, args) {
  return new Promise((resolve, reject) => {
    const started = now();
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stdin.end(INPUT);
    child.on('close', () => (out.trim() === '3' ? resolve(now() - started) : reject(new Error(`${command} printed ${out}`))));
  });
}

async function inBox(box, argv, limits, stdoutPath) {
  const started = now();
  const result = await box.run({ command: argv }, INPUT, limits, stdoutPath);
  const wall = now() - started;
  const out = readFileSync(stdoutPath, 'utf8').trim();
  if (!result || result.termination !== 'exited' || result.exitCode !== 0 || out !== '3') {
    throw new Error(`${argv.join(' ')}: ${JSON.stringify(result)} printed ${out}`);
  }
  return { wall, cpu: result.cpuMs, memoryKB: result.memoryKB };
}

/**
 * Per-submission AppCDS (an archive of the program's own classes, dumped by running it once at compile time). The
 * JVM archives classes from JAR files only ("Cannot have non-empty directory in paths"), so the compile would also
 * have to pack Main.class into a JAR: both are counted as the compile-time cost.
 */
async function appCds(dir, rounds) {
  const archive = join(dir, 'app.jsa');
  const jar = join(dir, 'main.jar');
  const flags = ['-XX:+UseSerialGC', '-XX:-UsePerfData', '-XX:TieredStopAtLevel=1', '-Xss16m', `-Xmx${MEMORY_MB}m`];
  const dumps = [];
  const times = { without: [], with: [] };
  for (let i = 0; i < rounds; i++) {
    rmSync(archive, { force: true });
    const started = now();
    execFileSync('/usr/bin/jar', ['cf', jar, '-C', dir, 'Main.class']);
    const packed = now() - started;
    dumps.push(packed + (await bare('/usr/bin/java', [`-XX:ArchiveClassesAtExit=${archive}`, ...flags, '-cp', jar, 'Main'])));
    times.without.push(await bare('/usr/bin/java', [...flags, '-cp', jar, 'Main']));
    times.with.push(await bare('/usr/bin/java', [`-XX:SharedArchiveFile=${archive}`, ...flags, '-cp', jar, 'Main']));
  }
  return { dumpAtCompile: median(dumps), runWithout: median(times.without), runWith: median(times.with) };
}

async function main() {
  const workRoot = mkdtempSync(join(tmpdir(), 'oj-bench-start-'));
  chmodSync(workRoot, 0o711);
  try {
    const dir = mkdtempSync(join(workRoot, 'sub-'));
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'Main.java'), JAVA_SOURCE);
    writeFileSync(join(dir, 'main.js'), JS_SOURCE);
    execFileSync('/usr/bin/javac', ['-d', dir, join(dir, 'Main.java')]);
    chownSync(dir, 65534, 65534);
    let started = now();
    const { bind: archive, unavailable } = javaArchive(workRoot);
    const archiveDumpMs = now() - started;
    if (unavailable) throw new Error(unavailable);
    const blobDir = mkdtempSync(join(workRoot, 'node-'));
    chmodSync(blobDir, 0o755);
    const snapshotBuildMs = buildNodeSnapshot(blobDir);

    const factory = CgroupFactory.detect();
    if ('unavailable' in factory) throw new Error(`no cgroup: ${factory.unavailable}`);
    const launcher = buildLauncher(workRoot);
    if (!('path' in launcher)) throw new Error(launcher.unavailable);
    const limits = runLimits(5, MEMORY_MB, 0);
    const javaLimits = { ...limits, memoryBytes: limits.memoryBytes + spec(catalog.JAVA_LANGUAGE_ID).runtimeOverheadMb * MIB };
    const binds = [archive, { host: blobDir, box: NODE_BLOB_DIR }];
    const box = await RunBox.start({ boxDir: dir, boxWritable: false, binds }, launcher.path, factory, workRoot, limits.fileBytes);
    const stdoutPath = join(workRoot, 'stdout');

    const variants = [
      ...Object.entries(javaVariants()).map(([name, argv]) => ({ name, argv, limits: javaLimits, java: true })),
      ...Object.entries(nodeVariants()).map(([name, argv]) => ({ name, argv, limits, java: false })),
    ];
    const samples = new Map(variants.map((v) => [v.name, []]));
    const floor = { java: [], node: [] };
    for (let round = -2; round < ROUNDS; round++) {
      const javaFloor = await bare('/usr/bin/java', ['-cp', dir, 'Main']);
      const nodeFloor = await bare('/usr/bin/node', [join(dir, 'main.js')]);
      if (round >= 0) {
        floor.java.push(javaFloor);
        floor.node.push(nodeFloor);
      }
      for (const v of variants) {
        const sample = await inBox(box, v.argv, v.limits, stdoutPath);
        if (round >= 0) samples.get(v.name).push(sample);
      }
    }
    await box.close();
    const rows = variants.map((v) => {
      const s = samples.get(v.name);
      return {
        name: v.name,
        runtime: v.java ? 'java' : 'node',
        argv: v.argv.join(' '),
        wallMs: median(s.map((x) => x.wall)),
        cpuMs: median(s.map((x) => x.cpu)),
        memoryKB: median(s.map((x) => x.memoryKB)),
      };
    });
    const judge = rows.find((r) => r.name.startsWith('judge now:'));
    const result = {
      rounds: ROUNDS,
      memoryMb: MEMORY_MB,
      archiveDumpMs,
      snapshotBuildMs,
      floors: { bareJavaDefault: median(floor.java), bareNode: median(floor.node) },
      javaPerTest: judge.wallMs,
      rows,
      appCds: await appCds(dir, Math.min(ROUNDS, 10)),
    };
    if (JSON_OUTPUT) console.log(JSON.stringify(result, null, 2));
    else printTable(result);
  } finally {
    rmSync(workRoot, { recursive: true, force: true });
  }
}

function printTable(r) {
  const f = (x) => x.toFixed(1);
  console.log(
    `Machine: ${cpus().length} × ${cpus()[0].model}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; ${new Date().toISOString()}; ${r.rounds} rounds; a+b, memory limit ${r.memoryMb} MB`,
  );
  console.log(
    `Floors (bare, on the host): \`java -cp <dir> Main\` ${f(r.floors.bareJavaDefault)} ms, \`node main.js\` ${f(r.floors.bareNode)} ms.`,
  );
  console.log(`Worker start: archive dump ${f(r.archiveDumpMs)} ms; Node snapshot build ${f(r.snapshotBuildMs)} ms.`);
  console.log('');
  console.log("| options, one run in the judge's run box | wall per test (ms) | ÷ bare start, default options | CPU (ms) | memory (KB) |");
  console.log('| --- | --- | --- | --- | --- |');
  for (const row of r.rows) {
    const floor = row.runtime === 'java' ? r.floors.bareJavaDefault : r.floors.bareNode;
    console.log(`| ${row.name} | ${f(row.wallMs)} | ${(row.wallMs / floor).toFixed(2)}× | ${f(row.cpuMs)} | ${row.memoryKB} |`);
  }
  console.log('');
  const a = r.appCds;
  console.log(
    `Per-submission AppCDS (bare): dumping at compile time costs ${f(a.dumpAtCompile)} ms; a run ${f(a.runWithout)} ms without, ${f(a.runWith)} ms with it.`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
