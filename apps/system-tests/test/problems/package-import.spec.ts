import { INestApplicationContext } from '@nestjs/common';
import { bearer, createAdmin, createTestApp, TestApp, TestSession } from '@oj/testing';

import { icpcPackage, polygonPackage, polygonXml } from '../../../api/test/problems/package-fixtures';
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
describe('package import: the main solution', () => {
  let t: TestApp;
  let admin: TestSession;
  let worker: INestApplicationContext | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    worker = await startWorker(t);
  });
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
});
