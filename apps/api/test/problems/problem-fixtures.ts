/** A valid problem body (SPEC 7) with overridable fields. */
export function problemBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'A + B',
    statement: 'Print $a + b$.',
    difficulty: 'EASY',
    isPublic: true,
    inputFormat: 'Two integers.',
    outputFormat: 'Their sum.',
    constraints: '',
    judge0LanguageIds: [71, 54],
    samples: [{ input: '1 2\n', output: '3\n', explanation: 'One plus two.' }],
    testCases: [
      { input: '1 2\n', output: '3\n', points: 1 },
      { input: '5 7\n', output: '12\n', points: 2 },
    ],
    algorithms: ['Math'],
    tags: ['beginner'],
    cpuTimeLimit: 1,
    memoryLimit: 64,
    ...overrides,
  };
}
