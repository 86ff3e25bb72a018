import { DEFAULT_FLOAT_EPSILON } from '@oj/contracts';

import type { ProblemDetail } from './api';

/** How a problem's checker judges an answer, said to a contestant: the rule, never the checker's source. */
export function checkerRule(checker: Pick<ProblemDetail['checker'], 'type' | 'epsilon'>): string {
  switch (checker.type) {
    case 'tokens':
      return 'Tokens compared, whitespace ignored.';
    case 'exact':
      return 'Output compared byte for byte (line endings aside).';
    case 'float':
      return `Answers within ${tolerance(checker.epsilon ?? DEFAULT_FLOAT_EPSILON)} (absolute or relative) are accepted; other tokens must match.`;
    case 'custom':
      return 'A custom checker judges the output.';
    default:
      return 'Lines compared, trailing whitespace ignored.';
  }
}

/** "1e-6" as contestants write it, rather than "0.000001". */
function tolerance(epsilon: number): string {
  return epsilon < 1e-3 ? epsilon.toExponential() : String(epsilon);
}
