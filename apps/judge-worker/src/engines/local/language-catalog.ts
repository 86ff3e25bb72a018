import { Language } from '@oj/contracts';
import { spawnSync } from 'child_process';
import { existsSync, readFileSync, realpathSync } from 'fs';
import { dirname, join } from 'path';

import { javaEntry, qualifiedMainClass } from '../java-entry';
import { ForkedInterpreter, ToolchainBind } from './sandbox-types';

/** How one language compiles and runs in the box (/box holds the source and, after compiling, the artifact). */
export interface LanguageSpec {
  /** Judge0 CE id, so problems work unchanged on either engine. */
  id: number;
  label: string;
  sourceFile: string;
  /** The toolchain's version as it reports it, or null when the toolchain is missing. */
  version: () => string | null;
  /** Read-only binds outside /usr the toolchain needs, resolved at discovery; null when missing. */
  binds?: () => ToolchainBind[] | null;
  compile?: string[];
  /**
   * For an interpreted language, a compile step that builds nothing: the interpreter only parses the source, so a
   * syntax error is a compile error (run in the compile box like `compile`; the language still has no artifact).
   */
  syntaxCheck?: string[];
  /** Argv of a test run; `memoryMb` lets runtimes size their heaps to the problem's limit. */
  run: (memoryMb: number) => string[];
  /**
   * Where the language names its program after the source's text (Java: the file after its public class, the class
   * with `main` to run), the file and commands for this source; a string is why it cannot compile.
   */
  entry?: (source: string) => SourceProgram | string;
  /** Extra memory the runtime itself needs beyond the problem's limit (the JVM's metaspace, code cache …). */
  runtimeOverheadMb?: number;
  /**
   * A Python interpreter whose run is `<python> -S <program>`: its tests may run as children of one initialised
   * interpreter per submission (fork-server/fork-server.ts).
   */
  forkServer?: ForkedInterpreter;
  /** A header most programs include, precompiled by the worker at start (see precompiled-header.ts). */
  precompiledHeader?: PrecompiledHeader;
  env?: Record<string, string>;
}

/**
 * A header precompiled with exactly the flags of the language's compile, bound read-only at `boxDir` in every box;
 * the compile searches `boxDir` first (-I), so `#include <header>` finds the .gch before the header itself.
 */
export interface PrecompiledHeader {
  compiler: string;
  /** GCC's name for the source language (`-x`). */
  language: string;
  /** The compile's flags that a precompiled header must share (GCC ignores it under any other set). */
  flags: string[];
  header: string;
  boxDir: string;
}

/** What one source compiles and runs as: its file, its compile (or syntax check), the argv of its runs. */
export interface SourceProgram {
  sourceFile: string;
  compile?: string[];
  run: (memoryMb: number) => string[];
}

/** The language's own file and commands, or those the source's text names (see LanguageSpec.entry). */
export function sourceProgram(spec: LanguageSpec, source: string): SourceProgram | string {
  return spec.entry?.(source) ?? { sourceFile: spec.sourceFile, compile: spec.compile ?? spec.syntaxCheck, run: spec.run };
}

const JAVA_OVERHEAD_MB = 96;
export const JAVA_BINARY = '/usr/bin/java';
/** Where every box sees the worker's class-data sharing archive of the JDK (see java-class-archive.ts). */
export const JAVA_ARCHIVE_BOX_DIR = '/opt/java-cds';
export const JAVA_ARCHIVE_FILE = 'jdk.jsa';
/**
 * The JVM options of every Java run and of the archive's dump (so the runs can map it), each for start-up or for
 * the same verdicts on any host; measured one by one in bench/engine/runtime-start-bench.js:
 * - Serial GC: no GC threads to start, and the heap holds exactly what -Xmx says (G1 would round every large
 *   array up to whole regions and give the same program a different memory verdict);
 * - no hsperfdata file in the box's /tmp (-XX:-UsePerfData);
 * - C1 only (TieredStopAtLevel=1): the JIT that pays within a test's second;
 * - 16 MiB for every thread's stack (-Xss): deep enough for recursive solutions without inviting thread storms.
 */
export const JAVA_VM_OPTIONS = ['-XX:+UseSerialGC', '-XX:-UsePerfData', '-XX:TieredStopAtLevel=1', '-Xss16m'];

export const CPP_LANGUAGE_ID = 54;
/**
 * <bits/stdc++.h> (the whole standard library, which most contestants include) costs a C++ compile about 2 s of
 * CPU in the compile box; precompiled, 0.4 s (bench/engine/cxx-pch-bench.js). C's headers are cheap: C gets none.
 */
const CPP_PRECOMPILED_HEADER: PrecompiledHeader = {
  compiler: '/usr/bin/g++',
  language: 'c++',
  flags: ['-O2', '-std=gnu++20', '-pipe', '-fmax-errors=20'],
  header: 'bits/stdc++.h',
  boxDir: '/opt/cxx-pch',
};

export const JAVAC_BINARY = '/usr/bin/javac';
/** Where every box sees the worker's class-data sharing archive of javac's own classes (see java-class-archive.ts). */
export const JAVAC_ARCHIVE_BOX_DIR = '/opt/javac-cds';
export const JAVAC_ARCHIVE_FILE = 'javac.jsa';
/**
 * The options of javac's own JVM, in every compile and in its archive's dump. A compile is a short run of a large
 * program: C1 alone (TieredStopAtLevel=1) and classes mapped from the archive instead of loaded and verified
 * roughly halve its CPU (bench/engine/javac-start-bench.js).
 */
export const JAVAC_VM_OPTIONS = ['-Xmx384m', '-XX:+UseSerialGC', '-XX:-UsePerfData', '-XX:TieredStopAtLevel=1'];

/**
 * javac writes each class under its package's directory in /box (`-d .`), where the run's class path finds it. Its
 * JVM maps the worker's archive with -Xshare:auto: a missing, stale or damaged one is skipped silently (the same
 * compile, only slower; nothing is added to the compiler's output).
 */
function javaCompile(sourceFile: string): string[] {
  return [
    JAVAC_BINARY,
    `-J-XX:SharedArchiveFile=${JAVAC_ARCHIVE_BOX_DIR}/${JAVAC_ARCHIVE_FILE}`,
    '-J-Xshare:auto',
    ...JAVAC_VM_OPTIONS.map((option) => `-J${option}`),
    '-encoding',
    'UTF-8',
    '-d',
    '.',
    sourceFile,
  ];
}

/**
 * The heap gets the problem's limit; the JVM's own overhead is granted on top so Java is not starved. The worker's
 * archive of the JDK's classes, with -Xshare:auto: a missing, stale or damaged one is skipped silently, and the run
 * starts without any archive (slower, same verdict).
 */
function javaRun(memoryMb: number, mainClass: string): string[] {
  return [
    JAVA_BINARY,
    `-XX:SharedArchiveFile=${JAVA_ARCHIVE_BOX_DIR}/${JAVA_ARCHIVE_FILE}`,
    '-Xshare:auto',
    `-Xmx${memoryMb}m`,
    ...JAVA_VM_OPTIONS,
    '-cp',
    '/box',
    mainClass,
  ];
}

/** Runs a toolchain's version command; some (javac 8, pypy) print it on stderr. */
function commandVersion(binary: string, args: string[], pattern: RegExp): string | null {
  if (!existsSync(binary)) return null;
  const out = spawnSync(binary, args, { encoding: 'utf8', timeout: 10_000, env: { PATH: '/usr/bin:/bin' } });
  return pattern.exec(`${out.stdout ?? ''}\n${out.stderr ?? ''}`.trim())?.[1] ?? null;
}

/**
 * A toolchain's version as its installation records it in a file of its home (the directory above the binary's real
 * `bin/`), where it has one; otherwise its version command. Both say the same; the command costs a start of the
 * toolchain on every worker start (javac's JVM about 0.4 s of CPU, go's 0.1 s).
 */
function installedVersion(binary: string, file: string, pattern: RegExp, command: () => string | null): string | null {
  if (!existsSync(binary)) return null;
  try {
    const recorded = pattern.exec(readFileSync(join(dirname(dirname(realpathSync(binary))), file), 'utf8'))?.[1];
    if (recorded) return recorded;
  } catch {
    // No such file in this installation: ask the toolchain.
  }
  return command();
}

function packageVersion(name: string): string | null {
  try {
    return (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;
  } catch {
    return null;
  }
}
/**
 * Judge0 CE has no PyPy; Judge0 Extra uses other numbering. 1001 is outside both ranges, so a problem graded on
 * the Judge0 engine simply lacks this language instead of meaning something else.
 */
export const CPYTHON_LANGUAGE_ID = 71;
export const PYPY3_LANGUAGE_ID = 1001;
export const JAVA_LANGUAGE_ID = 62;
/** Where the workspace's TypeScript compiler (and the Node typings it checks against) appear inside the box. */
const TS_BOX_ROOT = '/opt/typescript/node_modules';

/**
 * Only three package directories of the workspace enter the box, read-only: the compiler, @types/node and
 * its one dependency. Nothing else of the project tree is visible.
 */
function typescriptBinds(): ToolchainBind[] | null {
  try {
    const compiler = dirname(require.resolve('typescript/package.json'));
    const nodeTypes = dirname(require.resolve('@types/node/package.json'));
    const undici = dirname(require.resolve('undici-types/package.json', { paths: [nodeTypes] }));
    return [
      { host: compiler, box: `${TS_BOX_ROOT}/typescript` },
      { host: nodeTypes, box: `${TS_BOX_ROOT}/@types/node` },
      { host: undici, box: `${TS_BOX_ROOT}/undici-types` },
    ];
  } catch {
    return null;
  }
}

/**
 * A Python program's syntax check: the interpreter compiles it to bytecode (as `py_compile` does, writing nothing), so a
 * syntax error is a compile error with the interpreter's own message, as `<python> /box/main.py` would print it,
 * instead of a run-time error on every test. `-S` skips `site`, as the runs do; `-I` keeps /box off the path.
 */
const PYTHON_SYNTAX_CHECK = [
  'import sys',
  "path = '/box/main.py'",
  'try:',
  "    compile(open(path, 'rb').read(), path, 'exec', dont_inherit=True)",
  'except (SyntaxError, ValueError) as error:',
  '    import traceback',
  "    sys.stderr.write(''.join(traceback.format_exception_only(type(error), error)))",
  '    sys.exit(1)',
].join('\n');

const pythonSyntaxCheck = (interpreter: string) => [interpreter, '-S', '-I', '-c', PYTHON_SYNTAX_CHECK];

export const LANGUAGE_SPECS: LanguageSpec[] = [
  {
    id: 50,
    label: 'C (GCC {v})',
    sourceFile: 'main.c',
    version: () => commandVersion('/usr/bin/gcc', ['-dumpfullversion'], /^(\S+)/),
    compile: ['/usr/bin/gcc', '-x', 'c', '-O2', '-std=gnu17', '-pipe', '-fmax-errors=20', '-o', 'main', 'main.c', '-lm'],
    run: () => ['/box/main'],
  },
  {
    id: CPP_LANGUAGE_ID,
    label: 'C++ (GCC {v})',
    sourceFile: 'main.cpp',
    version: () => commandVersion('/usr/bin/g++', ['-dumpfullversion'], /^(\S+)/),
    // A missing directory, or a .gch that does not fit (other macros, a damaged file), is skipped silently: the
    // header is then read from the system's include directory, as without it.
    compile: [
      CPP_PRECOMPILED_HEADER.compiler,
      '-x',
      CPP_PRECOMPILED_HEADER.language,
      ...CPP_PRECOMPILED_HEADER.flags,
      `-I${CPP_PRECOMPILED_HEADER.boxDir}`,
      '-o',
      'main',
      'main.cpp',
    ],
    run: () => ['/box/main'],
    precompiledHeader: CPP_PRECOMPILED_HEADER,
  },
  {
    id: JAVA_LANGUAGE_ID,
    label: 'Java (OpenJDK {v})',
    sourceFile: 'Main.java',
    version: () =>
      installedVersion(JAVAC_BINARY, 'release', /^JAVA_VERSION="([^"]+)"/m, () =>
        commandVersion(JAVAC_BINARY, ['-version'], /javac (\S+)/),
      ),
    compile: javaCompile('Main.java'),
    run: (memoryMb) => javaRun(memoryMb, 'Main'),
    entry: (source) => {
      const entry = javaEntry(source);
      if (typeof entry === 'string') return entry;
      return {
        sourceFile: entry.sourceFile,
        compile: javaCompile(entry.sourceFile),
        run: (memoryMb) => javaRun(memoryMb, qualifiedMainClass(entry)),
      };
    },
    runtimeOverheadMb: JAVA_OVERHEAD_MB,
  },
  {
    id: 63,
    label: 'JavaScript (Node.js {v})',
    sourceFile: 'main.js',
    version: () => commandVersion('/usr/bin/node', ['--version'], /v(\S+)/),
    run: (memoryMb) => ['/usr/bin/node', `--max-old-space-size=${memoryMb}`, '--stack-size=65500', '/box/main.js'],
  },
  {
    id: CPYTHON_LANGUAGE_ID,
    label: 'Python ({v})',
    sourceFile: 'main.py',
    version: () => commandVersion('/usr/bin/python3', ['--version'], /Python (\S+)/),
    syntaxCheck: pythonSyntaxCheck('/usr/bin/python3'),
    run: () => ['/usr/bin/python3', '-S', '/box/main.py'],
    // A child touches the reference counts of most of the interpreter's objects: it copies, and is charged for,
    // about what a fresh start allocates (3.3 MB against 2.5 MB for CPython 3.11).
    forkServer: { baselineMb: 0 },
  },
  {
    id: PYPY3_LANGUAGE_ID,
    label: 'Python (PyPy {v})',
    sourceFile: 'main.py',
    version: () => commandVersion('/usr/bin/pypy3', ['--version'], /\[PyPy (\S+)/),
    syntaxCheck: pythonSyntaxCheck('/usr/bin/pypy3'),
    run: () => ['/usr/bin/pypy3', '-S', '/box/main.py'],
    // PyPy's initial heap stays in the server's pages (its GC writes no reference counts): a bare program is
    // charged 3 MB forked against 18.6 MB fresh (PyPy 7.3.11), the difference is added back.
    forkServer: { baselineMb: 15 },
  },
  {
    id: 74,
    label: 'TypeScript ({v})',
    sourceFile: 'main.ts',
    version: () => (existsSync('/usr/bin/node') ? packageVersion('typescript') : null),
    binds: typescriptBinds,
    compile: [
      '/usr/bin/node',
      `${TS_BOX_ROOT}/typescript/lib/tsc.js`,
      '--target',
      'es2022',
      '--module',
      'commonjs',
      '--lib',
      'es2023',
      '--types',
      'node',
      '--typeRoots',
      `${TS_BOX_ROOT}/@types`,
      '--skipLibCheck',
      '--pretty',
      'false',
      '--outDir',
      '/box',
      'main.ts',
    ],
    run: (memoryMb) => ['/usr/bin/node', `--max-old-space-size=${memoryMb}`, '--stack-size=65500', '/box/main.js'],
  },
  {
    id: 60,
    label: 'Go ({v})',
    sourceFile: 'main.go',
    version: () =>
      installedVersion('/usr/bin/go', 'VERSION', /^go(\d[\d.]*)/, () => commandVersion('/usr/bin/go', ['version'], /go(\d[\d.]*)/)),
    compile: ['/usr/bin/go', 'build', '-o', 'main', 'main.go'],
    run: () => ['/box/main'],
    env: { GOCACHE: '/tmp/go-cache', GOPATH: '/tmp/go', GO111MODULE: 'off', CGO_ENABLED: '0', GOFLAGS: '-buildvcs=false' },
  },
  {
    id: 73,
    label: 'Rust ({v})',
    sourceFile: 'main.rs',
    version: () => commandVersion('/usr/bin/rustc', ['--version'], /rustc (\S+)/),
    compile: ['/usr/bin/rustc', '-O', '--edition=2021', '-o', 'main', 'main.rs'],
    run: () => ['/box/main'],
  },
];

export interface AvailableLanguage {
  spec: LanguageSpec;
  binds: ToolchainBind[];
  language: Language;
}

/** Languages whose toolchain is on this host, named with the version the toolchain reports. */
export function discoverLanguages(specs = LANGUAGE_SPECS): AvailableLanguage[] {
  const found: AvailableLanguage[] = [];
  for (const spec of specs) {
    const version = spec.version();
    const binds = spec.binds ? spec.binds() : [];
    if (version && binds) found.push({ spec, binds, language: { id: spec.id, name: spec.label.replace('{v}', version) } });
  }
  return found;
}
