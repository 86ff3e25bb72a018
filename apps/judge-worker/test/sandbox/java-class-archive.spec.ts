import { TestCaseData } from '@oj/contracts';
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { discoverLanguages, JAVA_ARCHIVE_FILE, JAVA_LANGUAGE_ID } from '../../src/engines/local/language-catalog';
import { LocalEngine } from '../../src/engines/local/local-engine';
import { graderOf } from '../grading/grader-of';
import { sumTests } from './engine-fixture';
import { PROGRAMS } from './language-programs';
import { removeTree } from './work-roots';

const java = PROGRAMS.find((p) => p.id === JAVA_LANGUAGE_ID)!;
/** Prints whether the JVM started from a class-data sharing archive ("mixed mode, sharing"). */
const SHARING =
  'public class Main{public static void main(String[] a){System.out.println(System.getProperty("java.vm.info").contains("sharing"));}}';
const hasJava = discoverLanguages().some((l) => l.language.id === JAVA_LANGUAGE_ID);

/** A Java-only engine in a work root of its own, with the archive it dumped passed to `damage` before any box starts. */
function engineWithArchive(damage: (archive: string) => void): { engine: LocalEngine; root: string } {
  const root = mkdtempSync(join(tmpdir(), 'oj-judge-cds-'));
  const engine = new LocalEngine({
    workRoot: root,
    languageIds: [JAVA_LANGUAGE_ID],
    logger: { log: () => undefined, warn: () => undefined },
  });
  const dir = readdirSync(root).find((name) => name.startsWith(`jcds-${process.pid}-`));
  if (!dir) throw new Error('the engine dumped no archive');
  damage(join(root, dir, JAVA_ARCHIVE_FILE));
  return { engine, root };
}

function grade(engine: LocalEngine, sourceCode: string, testCases: TestCaseData[] = sumTests, memoryLimit = 128) {
  return graderOf(engine).grade({ languageId: JAVA_LANGUAGE_ID, sourceCode, cpuTimeLimit: 5, memoryLimit, testCases });
}

const sharingTest = (expected: boolean): TestCaseData[] => [{ input: '', output: `${expected}\n`, points: 1 }];

(hasJava ? describe : describe.skip)("Java's class-data sharing archive", () => {
  const roots: string[] = [];
  const engines: LocalEngine[] = [];
  const open = (damage: (archive: string) => void) => {
    const made = engineWithArchive(damage);
    roots.push(made.root);
    engines.push(made.engine);
    return made.engine;
  };
  afterAll(async () => {
    for (const engine of engines) await engine.close();
    for (const root of roots) removeTree(root);
  });

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

  describe('corrupt', () => {
    let engine: LocalEngine;
    beforeAll(() => {
      engine = open((archive) => {
        chmodSync(archive, 0o644);
        writeFileSync(archive, Buffer.alloc(1 << 20, 0x5a));
      });
    }, 60_000);
    verdictsWithout(() => engine);
  });

  describe('missing', () => {
    let engine: LocalEngine;
    beforeAll(() => {
      engine = open((archive) => rmSync(archive));
    }, 60_000);
    verdictsWithout(() => engine);
  });
});
