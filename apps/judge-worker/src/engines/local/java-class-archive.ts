import { spawnSync } from 'child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'fs';
import { dirname, join } from 'path';

import { JAVA_ARCHIVE_BOX_DIR, JAVA_ARCHIVE_FILE, JAVA_BINARY, JAVA_VM_OPTIONS } from './language-catalog';
import { ToolchainBind } from './sandbox-types';
import { WorkerBuildCache } from './worker-build-cache';

/**
 * JDK classes contest programs load that the JDK's own class list (the one its default archive was dumped from)
 * lacks: reading input through Scanner (and the regex engine behind it), BufferedReader or StreamTokenizer, writing
 * through PrintWriter, the usual collections and BigInteger. Names the JDK lacks are skipped by the dump.
 */
const CONTEST_CLASSES = [
  'java/io/BufferedReader',
  'java/io/BufferedWriter',
  'java/io/DataInputStream',
  'java/io/InputStreamReader',
  'java/io/OutputStreamWriter',
  'java/io/PrintWriter',
  'java/io/Reader',
  'java/io/StreamTokenizer',
  'java/math/BigInteger',
  'java/nio/charset/CharsetDecoder',
  'java/util/ArrayDeque',
  'java/util/Collections',
  'java/util/PriorityQueue',
  'java/util/Scanner',
  'java/util/StringTokenizer',
  'java/util/TreeMap',
  'java/util/TreeSet',
  'java/util/regex/Matcher',
  'java/util/regex/Pattern',
  'sun/nio/cs/StreamDecoder',
  'sun/nio/cs/StreamEncoder',
  'sun/text/resources/cldr/FormatData_en',
  'sun/util/resources/cldr/provider/CLDRLocaleDataMetaInfo',
];

/** The JVM's environment when the worker runs it itself (to dump or probe the archive). */
const JAVA_ENV = { PATH: '/usr/bin:/bin' };

/** What Java's boxes see at JAVA_ARCHIVE_BOX_DIR, and why it is not the worker's own archive when it is not. */
export interface JavaArchive {
  bind: ToolchainBind | null;
  unavailable?: string;
}

/**
 * Dumps a class-data sharing archive of the JDK's classes into a new directory of the work root, made by this
 * worker for the JDK installed now (never shipped: an archive only fits the exact JVM build that wrote it), and
 * binds it read-only at JAVA_ARCHIVE_BOX_DIR in Java's boxes. It is dumped with the options the runs use, so they
 * map it as it is. Should the dump fail, the JDK's default archive is bound at the same path instead, so runs
 * still start from one. A run that finds either missing, stale (the JDK was upgraded) or damaged starts without
 * any, silently (-Xshare:auto): the same verdict, only slower. An archive an earlier worker on this machine dumped
 * for the same JVM, class list and options is copied from a WorkerBuildCache instead (a dump costs about a second
 * of CPU): the copy is the very file that dump wrote (the cache checks its digest).
 */
export function javaArchive(workRoot: string): JavaArchive {
  if (!existsSync(JAVA_BINARY)) return { bind: null, unavailable: `no ${JAVA_BINARY}` };
  const jdkHome = dirname(dirname(realpathSync(JAVA_BINARY)));
  const dumped = dumpArchive(workRoot, jdkHome);
  if ('bind' in dumped) return dumped;
  const jdkDefault = join(jdkHome, 'lib/server/classes.jsa');
  const bind = existsSync(jdkDefault) ? { host: jdkDefault, box: `${JAVA_ARCHIVE_BOX_DIR}/${JAVA_ARCHIVE_FILE}` } : null;
  return { bind, unavailable: dumped.unavailable };
}

function dumpArchive(workRoot: string, jdkHome: string): { bind: ToolchainBind } | { unavailable: string } {
  const jdkClassList = join(jdkHome, 'lib/classlist');
  if (!existsSync(jdkClassList)) return { unavailable: `the JDK has no class list at ${jdkClassList}` };
  const dir = mkdtempSync(join(workRoot, `jcds-${process.pid}-`));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  chmodSync(dir, 0o755);
  const archive = join(dir, JAVA_ARCHIVE_FILE);
  const cache = new WorkerBuildCache(workRoot, 'jcds', '.jsa');
  // The JVM's own library, where the JDK keeps it, stands for its build: an archive only fits the JVM that wrote it.
  const jvm = [realpathSync(JAVA_BINARY), join(jdkHome, 'lib/server/libjvm.so')].filter((path) => existsSync(path));
  const entry = cache.entry([...jvm, jdkClassList], [...CONTEST_CLASSES, ...JAVA_VM_OPTIONS]);
  if (cache.take(entry, archive)) {
    chmodSync(archive, 0o444);
    return { bind: { host: dir, box: JAVA_ARCHIVE_BOX_DIR } };
  }
  const classList = join(dir, 'classlist');
  writeFileSync(classList, `${readFileSync(jdkClassList, 'utf8')}\n${CONTEST_CLASSES.join('\n')}\n`);
  const dump = spawnSync(
    JAVA_BINARY,
    ['-Xshare:dump', `-XX:SharedClassListFile=${classList}`, `-XX:SharedArchiveFile=${archive}`, ...JAVA_VM_OPTIONS],
    { encoding: 'utf8', timeout: 60_000, env: JAVA_ENV },
  );
  rmSync(classList);
  if (dump.status !== 0 || !existsSync(archive)) {
    rmSync(dir, { recursive: true, force: true });
    return { unavailable: `java -Xshare:dump failed: ${(dump.error?.message ?? dump.stderr ?? '').trim().slice(-300)}` };
  }
  chmodSync(archive, 0o444);
  cache.keep(archive, entry);
  return { bind: { host: dir, box: JAVA_ARCHIVE_BOX_DIR } };
}
