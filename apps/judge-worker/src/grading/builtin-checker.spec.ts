import { builtinChecker, BuiltinCheckerSettings } from './builtin-checker';
import { outputsMatch } from './checker';

type Rule = [string, string, boolean];

const TOKENS: Rule[] = [
  ['1 2 3\n', '1 2 3\n', true],
  ['1\n2\n3', '1 2 3\n', true],
  ['  1\t\t2 \r\n\n3  \n\n', '1 2 3', true],
  ['', '\n \n', true],
  ['1 2', '1 2 3', false],
  ['1 2 3 4', '1 2 3', false],
  ['12 3', '1 23', false],
  ['1.0', '1', false],
  ['abc', 'abd', false],
  ['ab', 'abc', false],
  ['abc', 'ab', false],
  ['héllo wörld', 'héllo\nwörld\n', true],
];

const EXACT: Rule[] = [
  ['3\n', '3\n', true],
  ['3\r\n', '3\n', true],
  ['3\r', '3\n', true],
  ['a\r\r\nb', 'a\n\nb', true],
  ['3', '3\n', false],
  ['3 \n', '3\n', false],
  ['3\n\n', '3\n', false],
  ['3\n', '3\r\n', true],
  [' 3\n', '3\n', false],
];

const FLOAT: Rule[] = [
  ['0.3333333\n', '0.333333333\n', true],
  ['0.3334', '0.3333333', false],
  ['1000000.5', '1000000', true],
  ['1000002', '1000000', false],
  ['1e-7', '0', true],
  ['-2.0000001 x', '-2 x', true],
  ['2 y', '2 x', false],
  ['nan', '0', false],
  ['nan', 'NaN', true],
  ['NAN -nan', 'nan NaN', true],
  ['0', 'nan', false],
  ['inf', 'inf', true],
  ['Inf -INF', 'inf -inf', true],
  ['infinity +Infinity', 'inf inf', true],
  ['inf', '-inf', false],
  ['1e308', 'inf', false],
  ['inf', 'nan', false],
  ['nanx', 'nan', false],
  ['1.5e3', '1500', true],
  ['1.2.3', '1.2', false],
  ['3.14159265 2.71828', '3.141592 2.718281', true],
  ['3.14 2.71828', '3.141592 2.718281', false],
];

function check(settings: BuiltinCheckerSettings, actual: string, expected: string, chunkSize?: number): boolean {
  const checker = builtinChecker(settings, expected);
  if (!chunkSize) return outputsMatch(actual, checker);
  const bytes = Buffer.from(actual, 'utf8');
  for (let i = 0; i < bytes.length; i += chunkSize) checker.push(bytes.subarray(i, i + chunkSize));
  return checker.matches();
}

describe.each([
  ['tokens', { type: 'tokens' } as BuiltinCheckerSettings, TOKENS],
  ['exact', { type: 'exact' } as BuiltinCheckerSettings, EXACT],
  ['float', { type: 'float', epsilon: 1e-6 } as BuiltinCheckerSettings, FLOAT],
])('%s checker', (_name, settings, rules) => {
  it.each(rules)('%j vs %j → %s', (actual, expected, same) => {
    expect(check(settings, actual, expected)).toBe(same);
  });

  it.each([1, 2, 3, 7])('gives the same answers on chunks of %i bytes', (size) => {
    for (const [actual, expected, same] of rules)
      expect([actual, expected, check(settings, actual, expected, size)]).toEqual([actual, expected, same]);
  });
});

describe('built-in checkers on large outputs', () => {
  it('compare a token of megabytes without collecting it, and a million tokens in one pass', () => {
    const long = 'x'.repeat(4 << 20);
    expect(check({ type: 'float', epsilon: 1e-6 }, long, long)).toBe(true);
    expect(check({ type: 'float', epsilon: 1e-6 }, `${long}y`, long)).toBe(false);
    const many = Array.from({ length: 1_000_000 }, (_, i) => String(i)).join('\n');
    expect(check({ type: 'tokens' }, many, many.split('\n').join(' '))).toBe(true);
  });

  it('uses the given epsilon, and 1e-6 when none is set', () => {
    expect(check({ type: 'float', epsilon: 0.01 }, '3.14', '3.1415')).toBe(true);
    expect(check({ type: 'float' }, '3.14', '3.1415')).toBe(false);
  });

  it('keeps the spec comparison for lines', () => {
    expect(check({ type: 'lines' }, '1 2 \n\n', '1 2\n')).toBe(true);
    expect(check({ type: 'lines' }, '1  2\n', '1 2\n')).toBe(false);
  });
});
