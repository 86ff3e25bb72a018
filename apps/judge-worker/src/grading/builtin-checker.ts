import { CheckerSettings, DEFAULT_FLOAT_EPSILON } from '@oj/contracts';

import { OutputChecker, StreamingChecker } from './checker';
import { ExactChecker } from './exact-checker';
import { TokenChecker } from './token-checker';

/** Settings of a checker the worker runs itself (every type but `custom`). */
export type BuiltinCheckerSettings = CheckerSettings & { type: Exclude<CheckerSettings['type'], 'custom'> };

/** A fresh built-in checker of one test's output against its expected output. */
export function builtinChecker(settings: BuiltinCheckerSettings, expected: string): OutputChecker {
  switch (settings.type) {
    case 'lines':
      return new StreamingChecker(expected);
    case 'tokens':
      return new TokenChecker(expected);
    case 'exact':
      return new ExactChecker(expected);
    case 'float':
      return new TokenChecker(expected, settings.epsilon ?? DEFAULT_FLOAT_EPSILON);
  }
}
