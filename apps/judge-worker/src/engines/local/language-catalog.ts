import { execFileSync } from 'child_process';
import { existsSync } from 'fs';
import { Language } from '@oj/contracts';

/** How one language compiles and runs in the box (/box holds the source and, after compiling, the artifact). */
export interface LanguageSpec {
  /** Judge0 CE id, so problems work unchanged on either engine. */
  id: number;
  label: string;
  sourceFile: string;
  /** Binary whose presence enables the language, and how to read its version. */
  probe: { binary: string; versionArgs: string[]; pattern: RegExp };
  compile?: string[];
  /** Argv of a test run; `memoryMb` lets runtimes size their heaps to the problem's limit. */
  run: (memoryMb: number) => string[];
  /** Extra memory the runtime itself needs beyond the problem's limit (the JVM's metaspace, code cache …). */
  runtimeOverheadMb?: number;
  env?: Record<string, string>;
}

const JAVA_OVERHEAD_MB = 96;

export const LANGUAGE_SPECS: LanguageSpec[] = [
  {
    id: 50,
    label: 'C (GCC {v})',
    sourceFile: 'main.c',
    probe: { binary: '/usr/bin/gcc', versionArgs: ['-dumpfullversion'], pattern: /^(\S+)/ },
    compile: ['/usr/bin/gcc', '-x', 'c', '-O2', '-std=gnu17', '-pipe', '-fmax-errors=20', '-o', 'main', 'main.c', '-lm'],
    run: () => ['/box/main'],
  },
  {
    id: 54,
    label: 'C++ (GCC {v})',
    sourceFile: 'main.cpp',
    probe: { binary: '/usr/bin/g++', versionArgs: ['-dumpfullversion'], pattern: /^(\S+)/ },
    compile: ['/usr/bin/g++', '-x', 'c++', '-O2', '-std=gnu++20', '-pipe', '-fmax-errors=20', '-o', 'main', 'main.cpp'],
    run: () => ['/box/main'],
  },
  {
    id: 62,
    label: 'Java (OpenJDK {v})',
    sourceFile: 'Main.java',
    probe: { binary: '/usr/bin/javac', versionArgs: ['-version'], pattern: /javac (\S+)/ },
    compile: ['/usr/bin/javac', '-J-Xmx384m', '-J-XX:+UseSerialGC', '-J-XX:-UsePerfData', '-encoding', 'UTF-8', '-d', '.', 'Main.java'],
    // The heap gets the problem's limit; the JVM's own overhead is granted on top so Java is not starved.
    run: (memoryMb) => ['/usr/bin/java', `-Xmx${memoryMb}m`, '-Xss64m', '-XX:+UseSerialGC', '-XX:-UsePerfData', '-XX:TieredStopAtLevel=1', '-cp', '/box', 'Main'],
    runtimeOverheadMb: JAVA_OVERHEAD_MB,
  },
  {
    id: 63,
    label: 'JavaScript (Node.js {v})',
    sourceFile: 'main.js',
    probe: { binary: '/usr/bin/node', versionArgs: ['--version'], pattern: /v(\S+)/ },
    run: (memoryMb) => ['/usr/bin/node', `--max-old-space-size=${memoryMb}`, '--stack-size=65500', '/box/main.js'],
  },
  {
    id: 71,
    label: 'Python ({v})',
    sourceFile: 'main.py',
    probe: { binary: '/usr/bin/python3', versionArgs: ['--version'], pattern: /Python (\S+)/ },
    run: () => ['/usr/bin/python3', '-S', '/box/main.py'],
  },
  {
    id: 60,
    label: 'Go ({v})',
    sourceFile: 'main.go',
    probe: { binary: '/usr/bin/go', versionArgs: ['version'], pattern: /go(\d[\d.]*)/ },
    compile: ['/usr/bin/go', 'build', '-o', 'main', 'main.go'],
    run: () => ['/box/main'],
    env: { GOCACHE: '/tmp/go-cache', GOPATH: '/tmp/go', GO111MODULE: 'off', CGO_ENABLED: '0', GOFLAGS: '-buildvcs=false' },
  },
  {
    id: 73,
    label: 'Rust ({v})',
    sourceFile: 'main.rs',
    probe: { binary: '/usr/bin/rustc', versionArgs: ['--version'], pattern: /rustc (\S+)/ },
    compile: ['/usr/bin/rustc', '-O', '--edition=2021', '-o', 'main', 'main.rs'],
    run: () => ['/box/main'],
  },
];

export interface AvailableLanguage {
  spec: LanguageSpec;
  language: Language;
}

/** Languages whose toolchain is on this host, named with the version the toolchain reports. */
export function discoverLanguages(specs = LANGUAGE_SPECS): AvailableLanguage[] {
  const found: AvailableLanguage[] = [];
  for (const spec of specs) {
    if (!existsSync(spec.probe.binary)) continue;
    try {
      const out = execFileSync(spec.probe.binary, spec.probe.versionArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 10_000 });
      const version = spec.probe.pattern.exec(out.trim())?.[1];
      if (version) found.push({ spec, language: { id: spec.id, name: spec.label.replace('{v}', version) } });
    } catch (error) {
      // javac prints its version on stderr with status 0 on some builds; execFileSync then has it in stderr.
      const stderr = String((error as { stderr?: string }).stderr ?? '');
      const version = spec.probe.pattern.exec(stderr.trim())?.[1];
      if (version) found.push({ spec, language: { id: spec.id, name: spec.label.replace('{v}', version) } });
    }
  }
  return found;
}
