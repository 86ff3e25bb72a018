import { DEFAULT_TIME_FACTORS, effectiveCpuTimeLimit, parseTimeFactors, timeFactorOf } from './time-factors';

describe('language time factors', () => {
  it('defaults: 1 for compiled languages, 2 for Java, 3 for Python, PyPy, JavaScript and TypeScript, 1 for the rest', () => {
    const factors = parseTimeFactors(undefined);
    expect([50, 54, 60, 73].map((id) => timeFactorOf(factors, id))).toEqual([1, 1, 1, 1]);
    expect(timeFactorOf(factors, 62)).toBe(2);
    expect([71, 1001, 63, 74].map((id) => timeFactorOf(factors, id))).toEqual([3, 3, 3, 3]);
    expect(timeFactorOf(factors, 999_999)).toBe(1);
    expect(parseTimeFactors('  ')).toBe(DEFAULT_TIME_FACTORS);
  });

  it('reads a JSON object of language id → factor over the defaults', () => {
    const factors = parseTimeFactors('{"71": 1, "62": 1.5, "999": 4}');
    expect(timeFactorOf(factors, 71)).toBe(1);
    expect(timeFactorOf(factors, 62)).toBe(1.5);
    expect(timeFactorOf(factors, 999)).toBe(4);
    expect(timeFactorOf(factors, 63)).toBe(3);
  });

  it.each([
    ['not JSON', '{71: 3}', 'LANGUAGE_TIME_FACTORS must be a JSON object of language id → factor, e.g. {"71": 3, "62": 2}'],
    ['an array', '[3]', 'LANGUAGE_TIME_FACTORS must be a JSON object of language id → factor, e.g. {"71": 3, "62": 2}'],
    ['null', 'null', 'LANGUAGE_TIME_FACTORS must be a JSON object of language id → factor, e.g. {"71": 3, "62": 2}'],
    ['a language name', '{"python": 3}', 'LANGUAGE_TIME_FACTORS: "python" is not a language id'],
    ['a negative id', '{"-1": 3}', 'LANGUAGE_TIME_FACTORS: "-1" is not a language id'],
    ['a factor as text', '{"71": "3"}', 'LANGUAGE_TIME_FACTORS: the factor of language 71 must be a number above 0 and at most 10'],
    ['a zero factor', '{"71": 0}', 'LANGUAGE_TIME_FACTORS: the factor of language 71 must be a number above 0 and at most 10'],
    ['a factor of 11', '{"71": 11}', 'LANGUAGE_TIME_FACTORS: the factor of language 71 must be a number above 0 and at most 10'],
  ])('refuses %s with a message naming the entry', (_label, json, message) => {
    expect(() => parseTimeFactors(json)).toThrow(message);
  });

  it('multiplies the problem limit by the factor, to the millisecond', () => {
    const factors = parseTimeFactors('{"71": 3, "62": 2}');
    expect(effectiveCpuTimeLimit(factors, 71, 0.7)).toBe(2.1);
    expect(effectiveCpuTimeLimit(factors, 62, 1.5)).toBe(3);
    expect(effectiveCpuTimeLimit(factors, 54, 1)).toBe(1);
    expect(effectiveCpuTimeLimit(parseTimeFactors('{"71": 1.333}'), 71, 0.1)).toBe(0.133);
  });
});
