import type { Problem } from '@oj/contracts';

import { bearer, TestSession } from './factories';
import { TestApp } from './test-app';

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

/** Creates a problem through the API as `author` (an admin, or a setter for their own) and returns the created problem. */
export async function createProblem(t: TestApp, author: TestSession, body: Record<string, unknown> = problemBody()): Promise<Problem> {
  const res = await t
    .http()
    .post('/api/problems')
    .set(...bearer(author))
    .send(body)
    .expect(201);
  return res.body;
}
