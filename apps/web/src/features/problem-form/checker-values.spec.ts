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
