import { spawnSync } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { asMainJava } from '../../src/engines/java-entry';
import { CPYTHON_LANGUAGE_ID, discoverLanguages, JAVA_LANGUAGE_ID, PYPY3_LANGUAGE_ID } from '../../src/engines/local/language-catalog';
import { grade, removeWorkRoot, sumTests } from './engine-fixture';
import { liveBoxProcesses } from './live-boxes';

/**
 * A submission is one source text: Java's file and class come from it as Kattis and DOMjudge decide (the public
 * class names the file, the class with main runs, a package line works), and a Python syntax error is a compile
 * error with the interpreter's message. Real compilers in the real sandbox.
 */
const available = new Set(discoverLanguages().map((l) => l.language.id));
const sumBody = 'java.util.Scanner s = new java.util.Scanner(System.in); System.out.println(s.nextLong() + s.nextLong());';

const JAVA_ACCEPTED: [string, string][] = [
  ['public class Solution', `public class Solution { public static void main(String[] args) { ${sumBody} } }`],
  [
    'a public class without main beside the class with it',
    `public class Solver { static long sum(long a, long b) { return a + b; } }
class Program { public static void main(String[] args) { java.util.Scanner s = new java.util.Scanner(System.in); System.out.println(Solver.sum(s.nextLong(), s.nextLong())); } }`,
  ],
  [
    'no public class: the class with main',
    `import java.io.*;\nclass Prog { public static void main(String[] args) throws IOException { ${sumBody} } }`,
  ],
  ['package foo; public class Solution', `package foo;\n\npublic class Solution { public static void main(String[] args) { ${sumBody} } }`],
  [
    'package a.b.c; with a helper class and the public class Main',
    `package a.b.c;\nclass Helper { static long add(long x, long y) { return x + y; } }\npublic class Main { public static void main(String[] args) { java.util.Scanner s = new java.util.Scanner(System.in); System.out.println(Helper.add(s.nextLong(), s.nextLong())); } }`,
  ],
];

// After both groups (the second's tests would start a new engine after the first's end, left running), and
// nothing of the file's engine outlives it in the test process.
afterAll(async () => {
  await removeWorkRoot();
  expect(await liveBoxProcesses()).toEqual([]);
});

describe('Java: the public class (or the class with main) is compiled and run, in its package', () => {
  const maybe = available.has(JAVA_LANGUAGE_ID) ? it : it.skip;

  for (const [name, source] of JAVA_ACCEPTED) {
    maybe(
      `${name}: accepted`,
      async () => {
        const r = await grade(JAVA_LANGUAGE_ID, source, { cpu: 3, memory: 256 });
        expect({ status: r.status, message: r.message }).toEqual({ status: 'accepted', message: undefined });
      },
      90_000,
    );

    // Judge0 compiles `javac Main.java` and runs `java Main`: the source it is sent must run the same class.
    maybe(
      `${name}: the source sent to Judge0 compiles as Main.java and runs as Main`,
      () => {
        const dir = mkdtempSync(join(tmpdir(), 'oj-judge0-java-'));
        try {
          writeFileSync(join(dir, 'Main.java'), asMainJava(source) as string);
          const javac = spawnSync('/usr/bin/javac', ['Main.java'], { cwd: dir, encoding: 'utf8' });
          expect(javac.stderr).toBe('');
          const java = spawnSync('/usr/bin/java', ['-Xshare:auto', 'Main'], { cwd: dir, input: '40 2\n', encoding: 'utf8' });
          expect(java.stdout).toBe('42\n');
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
      60_000,
    );
  }

  maybe(
    'two public classes: a compile error saying why, no test run',
    async () => {
      const r = await grade(JAVA_LANGUAGE_ID, 'public class A { public static void main(String[] a) {} }\npublic class B {}');
      expect(r.status).toBe('ce');
      expect(r.message).toMatch(/Only one top-level class may be public/);
      expect(r.testCaseResults).toEqual([]);
    },
    60_000,
  );
});

describe('Python: a syntax error is a compile error with the interpreter message, for CPython and PyPy', () => {
  for (const [name, id] of [
    ['CPython', CPYTHON_LANGUAGE_ID],
    ['PyPy', PYPY3_LANGUAGE_ID],
  ] as const) {
    const maybe = available.has(id) ? it : it.skip;

    maybe(
      `${name}: an unclosed parenthesis is ce, with the file, line and SyntaxError`,
      async () => {
        const r = await grade(id, 'a, b = map(int, input().split())\nprint(a + b\n');
        expect(r.status).toBe('ce');
        expect(r.message).toMatch(/File "\/box\/main\.py", line 2[\s\S]*SyntaxError/);
        expect(r.testCaseResults).toEqual([]);
      },
      60_000,
    );

    maybe(
      `${name}: a syntax error in code never run (a function body, mixed indentation) is still ce`,
      async () => {
        const r = await grade(id, 'def never():\n\tif True:\n        return 1\nprint(3)\n');
        expect(r.status).toBe('ce');
        expect(r.message).toMatch(/TabError|IndentationError|SyntaxError/);
      },
      60_000,
    );

    maybe(
      `${name}: valid syntax still runs: a NameError is a run-time error, a sum is accepted`,
      async () => {
        expect((await grade(id, 'print(undefined_name)\n')).status).toBe('rte');
        expect(
          (await grade(id, '# -*- coding: utf-8 -*-\na, b = map(int, input().split())\nprint(a + b)  # é\n', { tests: sumTests })).status,
        ).toBe('accepted');
      },
      60_000,
    );
  }
});
