import { INestApplicationContext } from '@nestjs/common';
import { createAdmin, createProblem, createTestApp, problemBody, registerUser, TestApp, TestSession } from '@oj/api-testing';

import { submissionAs, submitAs } from '../submission-client';
import { startWorker } from '../worker-harness';

/**
 * Through the API and a real worker: a Java submission is compiled and run as its public class (in its package),
 * a Python syntax error is a compile error with the interpreter's message, and output past the problem's output
 * limit is Output Limit Exceeded.
 */
const JAVA = 62;
const PYTHON = 71;
const JAVA_SUM = 'java.util.Scanner s = new java.util.Scanner(System.in); System.out.println(s.nextLong() + s.nextLong());';

describe('languages and limits, end to end', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let user: TestSession;
  let problemId: number;

  beforeAll(async () => {
    t = await createTestApp();
    worker = await startWorker(t);
    const admin = await createAdmin(t);
    user = await registerUser(t);
    problemId = (
      await createProblem(t, admin, problemBody({ judge0LanguageIds: [JAVA, PYTHON], cpuTimeLimit: 3, memoryLimit: 256, outputLimit: 1 }))
    ).problemId;
  }, 60_000);
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  async function graded(languageId: number, sourceCode: string) {
    const id = await submitAs(t, user, { problemId, languageId, sourceCode });
    for (let i = 0; i < 1200; i++) {
      const submission = await submissionAs(t, user, id);
      if (!['queued', 'running'].includes(submission.status)) return submission;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('never graded');
  }

  it('Java `public class Solution` is accepted', async () => {
    const s = await graded(JAVA, `import java.util.*;\npublic class Solution { public static void main(String[] args) { ${JAVA_SUM} } }`);
    expect(s).toMatchObject({ status: 'accepted', verdict: 'ACCEPTED', score: 100 });
  }, 120_000);

  it('Java with `package foo;` is accepted', async () => {
    const s = await graded(JAVA, `package foo;\n\npublic class Solution { public static void main(String[] args) { ${JAVA_SUM} } }`);
    expect(s).toMatchObject({ status: 'accepted', score: 100 });
  }, 120_000);

  it('a Python syntax error is a compile error with the interpreter message', async () => {
    const s = await graded(PYTHON, 'a, b = map(int, input().split())\nprint(a + b\n');
    expect(s).toMatchObject({ status: 'ce', verdict: 'COMPILE_ERROR' });
    expect(s.resultSummary.message).toMatch(/File "\/box\/main\.py", line 2[\s\S]*SyntaxError/);
  }, 120_000);

  it("output past the problem's 1 MB output limit is ole (OUTPUT_LIMIT_EXCEEDED)", async () => {
    const s = await graded(PYTHON, 'import sys\nsys.stdout.write("x" * (3 << 20))\n');
    expect(s).toMatchObject({ status: 'ole', verdict: 'OUTPUT_LIMIT_EXCEEDED' });
  }, 120_000);
});
