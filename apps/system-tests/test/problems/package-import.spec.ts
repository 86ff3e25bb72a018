import { INestApplicationContext } from '@nestjs/common';
import {
  bearer,
  createAdmin,
  createTestApp,
  icpcPackage,
  polygonPackage,
  polygonXml,
  SUM_INTERACTOR,
  TestApp,
  TestSession,
} from '@oj/api-testing';

import { startWorker } from '../worker-harness';

const POLYGON_MAIN = '<source path="solutions/main.cpp" type="cpp.g++17"/>';
/** A testlib output validator that compares the number printed with the answer's. */
const SUM_VALIDATOR = `#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  long long expected = ans.readLong(), got = ouf.readLong();
  if (got != expected) quitf(_wa, "%lld is not %lld", got, expected);
  quitf(_ok, "right");
}
`;

/**
 * Issue 24: a package's main solution is validated on a real worker against the tests just imported, and the import
 * answers its result. A failing solution never loses the problem.
 */
describe('problem packages with a real worker', () => {
  let t: TestApp;
  let admin: TestSession;
  let worker: INestApplicationContext | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    worker = await startWorker(t);
    // Starting a worker beside other suites on two cores can take longer than the default 30 s.
  }, 120_000);
  afterAll(async () => {
    await worker?.close();
    await t.close();
  });

  const upload = (zip: Buffer) =>
    t
      .http()
      .post('/api/problems/import')
      .set(...bearer(admin))
      .attach('file', zip, 'package.zip')
      .expect(201);

  it("validates a Polygon package's main solution against the imported tests: every test passes", async () => {
    const res = await upload(await polygonPackage());
    expect(res.body.mainSolution).toMatchObject({ path: 'solutions/main.cpp', languageId: 54, message: null });
    expect(res.body.mainSolution.result.score).toBe(100);
    expect(res.body.mainSolution.result.cases.map((c: { s: number }) => c.s)).toEqual([3, 3, 3, 3, 3]);
  });

  it('says which tests a wrong main solution fails, and keeps the problem', async () => {
    const xml = polygonXml().replace(POLYGON_MAIN, '<source path="solutions/off.py" type="python.3"/>');
    const res = await upload(
      await polygonPackage({
        xml,
        extra: [{ name: 'solutions/off.py', content: 'a, b = map(int, input().split())\nprint(a + b if a < 5 else 0)\n' }],
      }),
    );
    expect(res.body.mainSolution).toMatchObject({
      path: 'solutions/off.py',
      languageId: 71,
      message: 'The main solution failed 4 of 5 tests: 2, 3, 4, 5.',
    });
    expect(res.body.mainSolution.result.cases.map((c: { s: number }) => c.s)).toEqual([3, 4, 4, 4, 4]);
    await t
      .http()
      .get(`/api/problems/${res.body.problem.problemId}`)
      .set(...bearer(admin))
      .expect(200);
  });

  it("validates an ICPC package's first accepted submission, judged by its output validator", async () => {
    const res = await upload(await icpcPackage({ validator: SUM_VALIDATOR }));
    expect(res.body.mainSolution).toMatchObject({ path: 'submissions/accepted/sum.py', languageId: 71, message: null });
    expect(res.body.mainSolution.result.score).toBe(100);
  });

  it("compiles a Polygon checker against the package's own testlib.h, which has what this judge's lacks", async () => {
    // Written for this test: a package's testlib.h with two functions this judge's header does not have.
    const packageTestlib = `#pragma once
#include <cstdio>
#include <cstdlib>
static FILE *oufFile, *ansFile;
inline void registerTestlibCmd(int argc, char **argv) {
  if (argc < 4 || !(oufFile = fopen(argv[2], "r")) || !(ansFile = fopen(argv[3], "r"))) exit(3);
}
inline bool sameFirstNumber() {
  long long a, b;
  return fscanf(oufFile, "%lld", &a) == 1 && fscanf(ansFile, "%lld", &b) == 1 && a == b;
}
inline void verdict(bool ok) {
  fputs(ok ? "ok same\\n" : "wrong answer differs\\n", stderr);
  exit(ok ? 0 : 1);
}
`;
    const checker =
      '#include "testlib.h"\nint main(int argc, char *argv[]) { registerTestlibCmd(argc, argv); verdict(sameFirstNumber()); }\n';
    const xml = polygonXml({ checker: 'check.cpp' }).replace('files/check.cpp', 'files/own_check.cpp');
    const res = await upload(
      await polygonPackage({
        xml,
        extra: [
          { name: 'files/own_check.cpp', content: checker },
          { name: 'files/testlib.h', content: packageTestlib },
        ],
      }),
    );
    expect(res.body.problem.checker.supportFiles).toEqual([{ name: 'testlib.h', content: packageTestlib }]);
    expect(res.body.mainSolution).toMatchObject({ path: 'solutions/main.cpp', message: null });
    expect(res.body.mainSolution.result.score).toBe(100);
  }, 120_000);

  it('imports a Polygon interactive package, runs its main solution against the interactor, and round trips it through ICPC', async () => {
    const imported = await upload(await polygonPackage({ interactor: SUM_INTERACTOR }));
    expect(imported.body.problem).toMatchObject({ type: 'interactive', interactor: { languageId: 54, source: SUM_INTERACTOR } });
    expect(imported.body.mainSolution).toMatchObject({ path: 'solutions/main.cpp', message: null });
    expect(imported.body.mainSolution.result.score).toBe(100);
    const problemId = imported.body.problem.problemId;
    const zip = await t
      .http()
      .get(`/api/problems/${problemId}/package`)
      .set(...bearer(admin))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const back = await upload(zip.body);
    expect(back.body.warnings).toEqual([]);
    const detail = async (id: number) =>
      (
        await t
          .http()
          .get(`/api/problems/${id}?includePrivate=true`)
          .set(...bearer(admin))
          .expect(200)
      ).body;
    const [before, after] = [await detail(problemId), await detail(back.body.problem.problemId)];
    for (const field of ['title', 'type', 'interactor', 'checker', 'cpuTimeLimit', 'memoryLimit', 'samples'])
      expect([field, after[field]]).toEqual([field, before[field]]);
    // Every test byte for byte (the points of a `sum` group are shared evenly by the ICPC layout, as docs/problems.md says).
    const bytes = (tests: { input: string; output: string }[]) => tests.map(({ input, output }) => [input, output]);
    expect(bytes(after.testCases)).toEqual(bytes(before.testCases));
  });
});
