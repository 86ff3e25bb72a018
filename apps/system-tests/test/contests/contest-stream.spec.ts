import { INestApplicationContext } from '@nestjs/common';
import {
  bearer,
  contestBody,
  createAdmin,
  createContest,
  createProblem,
  createTestApp,
  openStream,
  problemBody,
  register,
  registerUser,
  TestApp,
  TestSession,
} from '@oj/api-testing';

import { startWorker } from '../worker-harness';

const AC = 'a, b = map(int, input().split())\nprint(a + b)\n';

type RowEvent = { eventType: string; row: { username: string; cells: Record<string, { solved: boolean; pending: number }> } };

/** A result graded by the real worker reaches the contest stream: live for the admin and its owner, frozen: not for the others. */
describe('the contest stream with the real worker', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: TestSession;
  let ann: TestSession;
  let bob: TestSession;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    worker = await startWorker(t);
    admin = await createAdmin(t);
    [ann, bob] = await Promise.all([registerUser(t), registerUser(t)]);
  }, 60_000);
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  it('sends a frozen accepted as solved to the admin and its owner, and nothing of it to another participant', async () => {
    const { problemId } = await createProblem(t, admin, problemBody({ title: 'A' }));
    // Frozen for the last 30 of its 60 minutes: the freeze began 10 minutes ago.
    const { contestId } = await createContest(t, admin, contestBody([problemId], -40, 20, { freezeMinutes: 30 }));
    await register(t, ann, contestId);
    await register(t, bob, contestId);
    const path = `/api/contests/${contestId}/scoreboard/stream`;
    const [annStream, bobStream, adminStream] = await Promise.all(
      [ann, bob, admin].map((session) => openStream(t, path, session.accessToken)),
    );
    try {
      await t
        .http()
        .post('/api/submissions')
        .set(...bearer(bob))
        .send({ problemId, contestId, languageId: 71, sourceCode: AC })
        .expect(201);
      const bobsRow = (e: Record<string, unknown>) =>
        e.eventType === 'row' && (e as unknown as RowEvent).row.username === bob.user.username;
      const cellA = async (stream: typeof annStream) => ((await stream.waitFor(bobsRow, 60_000)) as unknown as RowEvent).row.cells.A;
      expect(await cellA(adminStream)).toMatchObject({ solved: true, pending: 0 });
      expect(await cellA(bobStream)).toMatchObject({ solved: true, pending: 0 });
      // Another participant is told nothing when it is judged: the moment would tell how far it got (issue 32). At
      // most its creation, which everyone sees: a pending try.
      const toAnn = annStream.events.filter(bobsRow).map((e) => (e as unknown as RowEvent).row.cells.A);
      expect(toAnn.length).toBeLessThanOrEqual(1);
      for (const cell of toAnn) expect(cell).toMatchObject({ solved: false, pending: 1 });
    } finally {
      [annStream, bobStream, adminStream].forEach((s) => s.close());
    }
  }, 90_000);
});
