import { spawnSync } from 'child_process';
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'fs';
import { dirname, join } from 'path';

import { workerMadeDir } from './exit-removals';
import {
  JAVA_ARCHIVE_BOX_DIR,
  JAVA_ARCHIVE_FILE,
  JAVA_BINARY,
  JAVA_VM_OPTIONS,
  JAVAC_ARCHIVE_BOX_DIR,
  JAVAC_ARCHIVE_FILE,
  JAVAC_BINARY,
  JAVAC_VM_OPTIONS,
} from './language-catalog';
import { ToolchainBind } from './sandbox-types';
import { WorkerBuildCache } from './worker-build-cache';
import { WorkerOwnedKind } from './worker-owned-names';

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

/** The JVM's environment when the worker runs it itself (to dump or probe an archive). */
const JAVA_ENV = { PATH: '/usr/bin:/bin' };

/**
 * The program javac compiles once while its loaded classes are listed for its archive: the constructs contest
 * programs use (imports, generics, lambdas and method references, nested classes, a switch on strings, a checked
 * exception; nothing newer than Java 8, so any JDK compiles it), so the archive holds the compiler's classes a
 * typical compile loads. A compile that needs more loads the rest as it would without an archive.
 */
const JAVAC_SAMPLE = `import java.io.*;
import java.util.*;
import java.util.stream.*;

public class Main {
  static final class Edge {
    final int to;
    final long weight;

    Edge(int to, long weight) {
      this.to = to;
      this.weight = weight;
    }
  }

  static final class Reader {
    private final BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
    private StringTokenizer tokens = new StringTokenizer("");

    String next() throws IOException {
      while (!tokens.hasMoreTokens()) tokens = new StringTokenizer(in.readLine());
      return tokens.nextToken();
    }
  }

  public static void main(String[] args) throws IOException {
    Reader reader = new Reader();
    int n = Integer.parseInt(reader.next());
    List<List<Edge>> graph = new ArrayList<>();
    for (int i = 0; i < n; i++) graph.add(new ArrayList<>());
    Map<String, Integer> seen = new HashMap<>();
    PriorityQueue<long[]> queue = new PriorityQueue<>(Comparator.comparingLong(entry -> entry[0]));
    queue.add(new long[] {0, 0});
    long total = graph.stream().mapToLong(List::size).sum();
    String mode = args.length > 0 ? args[0] : "sum";
    switch (mode) {
      case "sum":
        total += seen.getOrDefault(mode, 0);
        break;
      default:
        total = -1;
    }
    PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out)));
    out.println(IntStream.range(0, n).boxed().map(String::valueOf).collect(Collectors.joining(" ")) + total);
    out.flush();
  }
}
`;

/** One of the worker's class-data sharing archives: the JVM it is for, and how it is dumped. */
interface ArchiveSpec {
  /** The directory's kind in the work root, and the file's name in it. */
  kind: WorkerOwnedKind;
  file: string;
  boxDir: string;
  /** The options of the JVM that maps it, which its dump must share. */
  vmOptions: string[];
  /** Writes the list of classes to archive into `classList` (in a scratch directory `dir`); a string is why not. */
  listClasses: (jdkHome: string, dir: string, classList: string) => string | null;
  /** What the list depends on besides the JVM's build (cache key). */
  listInputs: (jdkHome: string) => { files: string[]; options: string[] };
}

/** The JDK's own class list (what its default archive was dumped from) and the classes contest programs add. */
const RUN_ARCHIVE: ArchiveSpec = {
  kind: 'jcds',
  file: JAVA_ARCHIVE_FILE,
  boxDir: JAVA_ARCHIVE_BOX_DIR,
  vmOptions: JAVA_VM_OPTIONS,
  listClasses: (jdkHome, _dir, classList) => {
    const jdkClassList = join(jdkHome, 'lib/classlist');
    if (!existsSync(jdkClassList)) return `the JDK has no class list at ${jdkClassList}`;
    writeFileSync(classList, `${readFileSync(jdkClassList, 'utf8')}\n${CONTEST_CLASSES.join('\n')}\n`);
    return null;
  },
  listInputs: (jdkHome) => ({ files: [join(jdkHome, 'lib/classlist')], options: CONTEST_CLASSES }),
};

/** The classes javac loaded compiling JAVAC_SAMPLE, with the options of every compile. */
const JAVAC_ARCHIVE: ArchiveSpec = {
  kind: 'javacds',
  file: JAVAC_ARCHIVE_FILE,
  boxDir: JAVAC_ARCHIVE_BOX_DIR,
  vmOptions: JAVAC_VM_OPTIONS,
  listClasses: (_jdkHome, dir, classList) => {
    if (!existsSync(JAVAC_BINARY)) return `no ${JAVAC_BINARY}`;
    const source = join(dir, 'Main.java');
    writeFileSync(source, JAVAC_SAMPLE);
    const listed = spawnSync(
      JAVAC_BINARY,
      [...JAVAC_VM_OPTIONS, `-XX:DumpLoadedClassList=${classList}`].map((option) => `-J${option}`).concat(['-d', dir, source]),
      { encoding: 'utf8', timeout: 60_000, env: JAVA_ENV },
    );
    if (listed.status !== 0 || !existsSync(classList))
      return `javac failed to list its classes: ${(listed.error?.message ?? listed.stderr ?? '').trim().slice(-300)}`;
    return null;
  },
  // The compiler's classes are in the JDK's module image, which an upgrade replaces.
  listInputs: (jdkHome) => ({ files: [join(jdkHome, 'lib/modules')], options: [JAVAC_SAMPLE] }),
};

/** What Java's boxes see at an archive's box directory, and why it is not the worker's own archive when it is not. */
export interface JavaArchive {
  bind: ToolchainBind | null;
  unavailable?: string;
}

/**
 * The archive of the JDK's classes Java runs map (see dumpArchive). Should the dump fail, the JDK's default archive
 * is bound at the same path instead, so runs still start from one.
 */
export function javaArchive(workRoot: string): JavaArchive {
  if (!existsSync(JAVA_BINARY)) return { bind: null, unavailable: `no ${JAVA_BINARY}` };
  const jdkHome = jdkHomeOf();
  const dumped = dumpArchive(workRoot, jdkHome, RUN_ARCHIVE);
  if ('bind' in dumped) return dumped;
  const jdkDefault = join(jdkHome, 'lib/server/classes.jsa');
  const bind = existsSync(jdkDefault) ? { host: jdkDefault, box: `${JAVA_ARCHIVE_BOX_DIR}/${JAVA_ARCHIVE_FILE}` } : null;
  return { bind, unavailable: dumped.unavailable };
}

/**
 * The archive of javac's own classes every Java compile maps (see dumpArchive). Without it javac loads them from
 * the JDK's image, as it would with no archive at all: the JDK's default archive holds none of them.
 */
export function javacArchive(workRoot: string): JavaArchive {
  if (!existsSync(JAVA_BINARY)) return { bind: null, unavailable: `no ${JAVA_BINARY}` };
  const dumped = dumpArchive(workRoot, jdkHomeOf(), JAVAC_ARCHIVE);
  return 'bind' in dumped ? dumped : { bind: null, unavailable: dumped.unavailable };
}

function jdkHomeOf(): string {
  return dirname(dirname(realpathSync(JAVA_BINARY)));
}

/**
 * Dumps a class-data sharing archive into a new directory of the work root, made by this worker for the JDK
 * installed now (never shipped: an archive only fits the exact JVM build that wrote it), and binds it read-only at
 * the spec's box directory. It is dumped with the options of the JVM that maps it, so that JVM maps it as it is. A
 * JVM that finds it missing, stale (the JDK was upgraded) or damaged starts without it, silently (-Xshare:auto):
 * the same verdict, only slower. An archive an earlier worker on this machine dumped for the same JVM, class list
 * and options is copied from a WorkerBuildCache instead (a dump costs one to four seconds of CPU): the copy is the
 * very file that dump wrote (the cache checks its digest). Workers starting together dump it once.
 */
function dumpArchive(workRoot: string, jdkHome: string, spec: ArchiveSpec): { bind: ToolchainBind } | { unavailable: string } {
  const dir = workerMadeDir(workRoot, spec.kind);
  const archive = join(dir, spec.file);
  const bind = { bind: { host: dir, box: spec.boxDir } };
  const cache = new WorkerBuildCache(workRoot, spec.kind, '.jsa');
  // The JVM's own library, where the JDK keeps it, stands for its build: an archive only fits the JVM that wrote it.
  const jvm = [realpathSync(JAVA_BINARY), join(jdkHome, 'lib/server/libjvm.so')];
  const inputs = spec.listInputs(jdkHome);
  // A missing input (a JDK without a class list) is listClasses's to report, not the cache key's stat to throw on.
  const entry = cache.entry(
    [...jvm, ...inputs.files].filter((path) => existsSync(path)),
    [...inputs.options, ...spec.vmOptions],
  );
  const failure = cache.takeOrBuild(entry, archive, () => {
    const classList = join(dir, 'classlist');
    const notListed = spec.listClasses(jdkHome, dir, classList);
    if (notListed) return notListed;
    const dump = spawnSync(
      JAVA_BINARY,
      ['-Xshare:dump', `-XX:SharedClassListFile=${classList}`, `-XX:SharedArchiveFile=${archive}`, ...spec.vmOptions],
      { encoding: 'utf8', timeout: 60_000, env: JAVA_ENV },
    );
    if (dump.status !== 0 || !existsSync(archive))
      return `java -Xshare:dump failed: ${(dump.error?.message ?? dump.stderr ?? '').trim().slice(-300)}`;
    // Only the archive stays in the directory boxes see (the javac sample's source and classes go).
    for (const name of readdirSync(dir)) if (name !== spec.file) rmSync(join(dir, name), { recursive: true, force: true });
    return null;
  });
  if (failure) {
    rmSync(dir, { recursive: true, force: true });
    return { unavailable: failure };
  }
  return bind;
}
