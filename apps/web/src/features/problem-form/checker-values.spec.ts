import { checkerBody, checkerError, checkerValuesFrom, emptyChecker } from './checker-values';

describe('checker form values', () => {
  it('starts from the line checker and sends each type with only its own fields', () => {
    expect(checkerBody(emptyChecker())).toEqual({ checker: { type: 'lines' } });
    expect(checkerBody({ ...emptyChecker(), type: 'float', epsilon: '1e-3', source: 'x' })).toEqual({
      checker: { type: 'float', epsilon: 1e-3 },
    });
    expect(checkerBody({ ...emptyChecker(), type: 'custom', source: 'int main(){}', languageId: 50, epsilon: '0.5' })).toEqual({
      checker: { type: 'custom', source: 'int main(){}', languageId: 50 },
    });
  });

  it('sends an ICPC validator back with its protocol, flags and support files, as the API showed them', () => {
    const shown = {
      type: 'custom' as const,
      protocol: 'icpc' as const,
      languageId: 71,
      source: 'import sys\nsys.exit(42)\n',
      validatorFlags: ['float_tolerance', '1e-6'],
      supportFiles: [{ name: 'helper.py', content: 'X = 1\n' }],
    };
    const values = checkerValuesFrom(shown);
    expect(values.protocol.flags).toBe('float_tolerance 1e-6');
    expect(checkerError(values)).toBeNull();
    expect(checkerBody(values)).toEqual({ checker: shown });
    expect(checkerBody({ ...values, protocol: { ...values.protocol, flags: ' case_sensitive  ' } }).checker?.validatorFlags).toEqual([
      'case_sensitive',
    ]);
    // Back to testlib: no flags, and Python is no longer a checker language.
    const testlib = { ...values, protocol: { ...values.protocol, protocol: 'testlib' as const } };
    expect(checkerError(testlib)).toBe('A custom checker is written in C++ (54) or C (50); Python 3 (71) only with protocol "icpc".');
    expect(checkerBody({ ...testlib, languageId: 54 }).checker).toEqual({
      type: 'custom',
      languageId: 54,
      source: shown.source,
      supportFiles: shown.supportFiles,
    });
  });

  it('keeps a custom checker whose source was not shown by leaving it out', () => {
    const unseen = checkerValuesFrom({ type: 'custom', languageId: 54 });
    expect(unseen.known).toBe(false);
    expect(checkerBody(unseen)).toEqual({});
    expect(checkerError(unseen)).toBeNull();
    expect(checkerValuesFrom(undefined)).toEqual(emptyChecker());
  });

  it.each([
    ['0', 'Epsilon must be a number greater than 0 and at most 1.'],
    ['1.5', 'Epsilon must be a number greater than 0 and at most 1.'],
    ['', 'Epsilon must be a number greater than 0 and at most 1.'],
    ['1e-9', null],
  ])('checks a float epsilon of %j', (epsilon, error) => {
    expect(checkerError({ ...emptyChecker(), type: 'float', epsilon })).toBe(error);
  });

  it('needs a custom checker source of at most 64 KiB', () => {
    expect(checkerError({ ...emptyChecker(), type: 'custom', source: '  ' })).toBe('A custom checker needs its source.');
    expect(checkerError({ ...emptyChecker(), type: 'custom', source: 'x'.repeat(64 * 1024 + 1) })).toBe(
      'Checker source must be at most 64 KiB.',
    );
  });
});
