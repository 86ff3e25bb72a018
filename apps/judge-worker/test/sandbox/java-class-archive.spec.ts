import { TestCaseData } from '@oj/contracts';
import { lstatSync } from 'fs';

import { discoverLanguages, JAVA_ARCHIVE_FILE, JAVA_LANGUAGE_ID } from '../../src/engines/local/language-catalog';
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
});
