import type { MainSolutionValidation } from '@oj/contracts';

/**
 * What became of a package's main solution, run against the tests just imported: how many it passed and its score,
 * or why it did not run. The problem was stored either way.
 */
export function MainSolutionResult({ solution }: { solution: MainSolutionValidation }) {
  const { result } = solution;
  const passed = result ? result.cases.filter((c) => c.s === 3).length : 0;
  return (
    <p className={result && !solution.message ? 'notice' : 'error'} aria-label="Main solution">
      Main solution <code>{solution.path}</code>:{' '}
      {result ? `passed ${passed} of ${result.cases.length} tests, score ${result.score}.` : 'not validated.'}
      {solution.message && ` ${solution.message}`}
    </p>
  );
}
