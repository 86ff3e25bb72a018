import { parseTimeFactors } from '@oj/contracts';

import { customRunLimits, programLimits } from './program-limits';

describe('program limits: what every run of a request gets, whatever the engine', () => {
  const factors = parseTimeFactors('{"71": 3, "62": 2}');
  const request = { sourceCode: 'x', cpuTimeLimit: 1.5, memoryLimit: 64 };

  it("gives the problem's CPU time times the language's factor, and its memory", () => {
    expect(programLimits(factors, { ...request, languageId: 71 })).toEqual({ cpuSeconds: 4.5, memoryMb: 64, outputMb: 8 });
    expect(programLimits(factors, { ...request, languageId: 54 })).toEqual({ cpuSeconds: 1.5, memoryMb: 64, outputMb: 8 });
  });

  it('caps a custom run at RUN_CEILING after the factor, its wall clock too', () => {
    expect(customRunLimits(factors, { ...request, languageId: 62 })).toEqual({
      cpuSeconds: 3,
      memoryMb: 64,
      outputMb: 8,
      wallSecondsCap: 20,
    });
    expect(customRunLimits(factors, { ...request, cpuTimeLimit: 5, languageId: 71 })).toMatchObject({ cpuSeconds: 10 });
  });
});
