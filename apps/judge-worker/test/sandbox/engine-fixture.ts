import { TestCaseData } from '@oj/contracts';
import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { LocalEngine } from '../../src/engines/local/local-engine';
import { Grader } from '../../src/grading/grader';
import { graderOf } from '../grading/grader-of';
import { removeTree } from './work-roots';

let shared: LocalEngine | undefined;
let root: string | undefined;

/**
 * The test file's work root, made on first use (a file that imports only `sumTests` leaves nothing behind): each
 * test file has one of its own, so leftovers can be checked while other files run.
 */
export function workRoot(): string {
  root ??= mkdtempSync(join(tmpdir(), 'oj-judge-test-'));
  return root;
}

/** Ends the file's engine (its warm boxes would outlive the file in the test process) and removes its work root. */
export async function removeWorkRoot(): Promise<void> {
  await shared?.close();
  shared = undefined;
  if (root) removeTree(root);
  root = undefined;
}

/** One engine per test file: language discovery runs every toolchain's version command once. */
export function localEngine(): LocalEngine {
  shared ??= new LocalEngine({ workRoot: workRoot(), logger: { log: () => undefined, warn: (m) => console.warn(m) } });
  return shared;
}

/** The test loop on the file's engine. */
export function localGrader(): Grader {
  return graderOf(localEngine());
}

export const sumTests: TestCaseData[] = [
  { input: '1 2\n', output: '3\n', points: 1 },
  { input: '40 2\n', output: '42\n', points: 2 },
];

export function grade(
  languageId: number,
  sourceCode: string,
  opts: { cpu?: number; memory?: number; output?: number; tests?: TestCaseData[] } = {},
) {
  return localGrader().grade({
    languageId,
    sourceCode,
    cpuTimeLimit: opts.cpu ?? 1,
    memoryLimit: opts.memory ?? 128,
    ...(opts.output === undefined ? {} : { outputLimit: opts.output }),
    testCases: opts.tests ?? sumTests,
  });
}
