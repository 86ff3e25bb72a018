import { TestCaseData } from '@oj/contracts';
import { LocalEngine } from '../../src/engines/local/local-engine';

let shared: LocalEngine | undefined;

/** One engine per test file: language discovery runs every toolchain's version command once. */
export function localEngine(): LocalEngine {
  shared ??= new LocalEngine({ logger: { log: () => undefined, warn: (m) => console.warn(m) } });
  return shared;
}

export const sumTests: TestCaseData[] = [
  { input: '1 2\n', output: '3\n', points: 1 },
  { input: '40 2\n', output: '42\n', points: 2 },
];

export function grade(languageId: number, sourceCode: string, opts: { cpu?: number; memory?: number; tests?: TestCaseData[] } = {}) {
  return localEngine().grade({
    languageId,
    sourceCode,
    cpuTimeLimit: opts.cpu ?? 1,
    memoryLimit: opts.memory ?? 128,
    testCases: opts.tests ?? sumTests,
  });
}
