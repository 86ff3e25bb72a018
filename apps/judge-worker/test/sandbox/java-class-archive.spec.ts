import { TestCaseData } from '@oj/contracts';
import { spawnSync } from 'child_process';
import { createHash } from 'crypto';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { javaArchive } from '../../src/engines/local/java-class-archive';
import {
  discoverLanguages,
  JAVA_ARCHIVE_FILE,
  JAVA_BINARY,
  JAVA_LANGUAGE_ID,
  JAVA_VM_OPTIONS,
  JAVAC_ARCHIVE_BOX_DIR,
  JAVAC_ARCHIVE_FILE,
  JAVAC_BINARY,
  JAVAC_VM_OPTIONS,
  LANGUAGE_SPECS,
} from '../../src/engines/local/language-catalog';
import { LocalEngine } from '../../src/engines/local/local-engine';
import { graderOf } from '../grading/grader-of';
import { sumTests } from './engine-fixture';
import { PROGRAMS } from './language-programs';
import { describeDamaged, enginesWithMadeFile } from './worker-made-files';

const java = PROGRAMS.find((p) => p.id === JAVA_LANGUAGE_ID)!;
/** Prints whether the JVM started from a class-data sharing archive ("mixed mode, sharing"). */
const SHARING =
  'public class Main{public static void main(String[] a){System.out.println(System.getProperty("java.vm.info").contains("sharing"));}}';
const hasJava = discoverLanguages().some((l) => l.language.id === JAVA_LANGUAGE_ID);

function grade(engine: LocalEngine, sourceCode: string, testCases: TestCaseData[] = sumTests, memoryLimit = 128) {
  return graderOf(engine).grade({ languageId: JAVA_LANGUAGE_ID, sourceCode, cpuTimeLimit: 5, memoryLimit, testCases });
}

const sharingTest = (expected: boolean): TestCaseData[] => [{ input: '', output: `${expected}\n`, points: 1 }];

(hasJava ? describe : describe.skip)("Java's class-data sharing archive", () => {
  const open = enginesWithMadeFile({ prefix: 'jcds', file: JAVA_ARCHIVE_FILE, languageIds: [JAVA_LANGUAGE_ID] });

  it('is dumped by the worker into its work root, read-only, and Java runs start from it', async () => {
    let mode = 0;
    const engine = open((archive) => (mode = lstatSync(archive).mode & 0o777));
    expect(mode).toBe(0o444);
    expect(await grade(engine, SHARING, sharingTest(true))).toMatchObject({ status: 'accepted' });
    expect(await grade(engine, java.accepted)).toMatchObject({ status: 'accepted', score: 100 });
  }, 120_000);

  const verdictsWithout = (engine: () => LocalEngine) => {
    it('starts without it and gives the same verdicts', async () => {
      expect(await grade(engine(), SHARING, sharingTest(false))).toMatchObject({ status: 'accepted' });
      expect(await grade(engine(), java.accepted)).toMatchObject({ status: 'accepted', score: 100 });
      expect(await grade(engine(), java.wrongAnswer)).toMatchObject({ status: 'wrong_answer', score: 0 });
      const hog = await grade(engine(), java.memoryHog, [{ input: '', output: '256\n', points: 1 }], 64);
      expect(hog.status).toBe('rte');
      expect(hog.testCaseResults[0].message).toBe('Memory limit exceeded');
    }, 120_000);
  };

  describeDamaged(open, verdictsWithout);

  describe('the copy kept for the next worker, beside the work root', () => {
    const base = mkdtempSync(join(tmpdir(), 'oj-jcds-cache-'));
    afterAll(() => rmSync(base, { recursive: true, force: true }));
    /** A file's digest: archives are megabytes, too large for Jest to compare (or show) byte by byte. */
    const digest = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
    /** The archive a worker with a new work root under `base` binds. */
    const archiveOf = (name: string) => {
      const workRoot = join(base, name);
      mkdirSync(workRoot);
      const { bind } = javaArchive(workRoot);
      return join(bind!.host, JAVA_ARCHIVE_FILE);
    };
    const entries = () =>
      readdirSync(join(base, 'oj-judge-jcds-cache'))
        .sort()
        .map((name) => join(base, 'oj-judge-jcds-cache', name));
    const maps = (archive: string) =>
      spawnSync(JAVA_BINARY, ['-Xshare:on', `-XX:SharedArchiveFile=${archive}`, ...JAVA_VM_OPTIONS, '-version']).status === 0;

    it('is kept by the first worker and taken by the next; one whose bytes changed is dumped again', () => {
      const first = digest(archiveOf('first'));
      const [entry, kept] = entries();
      expect([entry, kept]).toEqual([expect.stringMatching(/\.jsa$/), `${entry}.sha256`]);
      expect(digest(entry)).toBe(first);
      expect(lstatSync(entry).mode & 0o777).toBe(0o444);
      const keptInode = lstatSync(entry).ino;

      expect(digest(archiveOf('second'))).toBe(first);
      expect(lstatSync(entry).ino).toBe(keptInode);

      // Damaged (the size kept, the bytes gone): not what was kept, so the next worker dumps afresh and keeps that.
      chmodSync(entry, 0o644);
      writeFileSync(entry, Buffer.alloc(lstatSync(entry).size));
      chmodSync(entry, 0o444);
      const third = archiveOf('third');
      expect(maps(third)).toBe(true);
      expect(lstatSync(entry).ino).not.toBe(keptInode);
      expect(digest(entry)).toBe(digest(third));
    }, 120_000);
  });
});

(hasJava ? describe : describe.skip)("javac's class-data sharing archive", () => {
  const open = enginesWithMadeFile({ prefix: 'javacds', file: JAVAC_ARCHIVE_FILE, languageIds: [JAVA_LANGUAGE_ID] });
  const boxPath = `${JAVAC_ARCHIVE_BOX_DIR}/${JAVAC_ARCHIVE_FILE}`;
  /** Prints whether the box sees javac's archive where every compile's JVM looks for it. */
  const SEES_ARCHIVE = `public class Main{public static void main(String[] a){System.out.println(new java.io.File("${boxPath}").canRead());}}`;
  const COMPILE_ERROR = 'public class Main{public static void main(String[] a){int x = "text";}}';

  it("is dumped by the worker, read-only, holds javac's classes, and every Java compile's JVM maps it", async () => {
    let archive = '';
    const engine = open((path) => (archive = path));
    expect(lstatSync(archive).mode & 0o777).toBe(0o444);
    // -Xshare:on fails instead of falling back: the archive fits the JVM and options of the compiles, and javac's
    // own classes come from it.
    const javac = spawnSync(
      JAVAC_BINARY,
      ['-Xshare:on', `-XX:SharedArchiveFile=${archive}`, ...JAVAC_VM_OPTIONS, '-Xlog:class+load=info']
        .map((o) => `-J${o}`)
        .concat('-version'),
      { encoding: 'utf8' },
    );
    expect(javac.status).toBe(0);
    expect(javac.stdout).toMatch(/com\.sun\.tools\.javac\.Main source: shared objects file/);
    const compile = LANGUAGE_SPECS.find((s) => s.id === JAVA_LANGUAGE_ID)!.compile!;
    expect(compile).toEqual(expect.arrayContaining([`-J-XX:SharedArchiveFile=${boxPath}`, '-J-Xshare:auto']));
    expect(await grade(engine, SEES_ARCHIVE, sharingTest(true))).toMatchObject({ status: 'accepted' });
  }, 120_000);

  describeDamaged(open, (engine) => {
    it("compiles without it: the same verdicts, and a compile error's output is javac's alone", async () => {
      expect(await grade(engine(), java.accepted)).toMatchObject({ status: 'accepted', score: 100 });
      const failed = await grade(engine(), COMPILE_ERROR);
      expect(failed.status).toBe('ce');
      expect(failed.message).toMatch(/^Main\.java:1: error: incompatible types: String cannot be converted to int\n/);
      expect(failed.message).not.toMatch(/sharing|CDS|archive|warning/i);
    }, 120_000);
  });
});
