import { getQueueToken } from '@nestjs/bull';
import { INestApplicationContext } from '@nestjs/common';
import {
  bearer,
  boardCast,
  contestBody,
  createContest,
  createTestApp,
  register,
  submitGraded,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import { writeFinalResult } from '@oj/db';
import { RATINGS_QUEUE } from '@oj/messaging';
import type { Queue } from 'bull';
import { DataSource } from 'typeorm';

import { startWorker } from '../worker-harness';

jest.setTimeout(120_000);

type Change = { username: string; rank: number; oldRating: number; newRating: number };

/**
 * Ratings through the queue: a rated contest's end (an admin's edit) is rated by a real worker, never the API; a
 * rejudge the worker grades asks for the recompute at once, and a result written past it is caught by the sweep.
 */
describe('ratings computed by the worker', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let admin: TestSession;
  let ann: TestSession;
  let bob: TestSession;
  let problems: number[];

  beforeAll(async () => {
    t = await createTestApp();
    worker = await startWorker(t);
    ({ admin, ann, bob, problems } = await boardCast(t));
  });
  afterAll(async () => {
    await worker?.close();
    await t.close();
  });

  async function changesOf(contestId: number, until: (changes: Change[]) => boolean): Promise<Change[]> {
    for (const deadline = Date.now() + 60_000; ; await new Promise((r) => setTimeout(r, 500))) {
      const changes: Change[] = (await t.http().get(`/api/contests/${contestId}/rating-changes`).expect(200)).body;
      if (until(changes)) return changes;
      if (Date.now() > deadline) throw new Error(`ratings not as expected: ${JSON.stringify(changes)}`);
    }
  }

  /**
   * A rated contest where bob's wrong answer (50 minutes in) and ann's accepted one (30 minutes in), both print(1),
   * which the problem (a + b) does not accept when graded for real, are on the board; ended by an admin's edit.
   */
  async function endedRatedContest(): Promise<{ contestId: number; annTry: string; bobTry: string }> {
    const body = (toMinutes: number) => contestBody(problems, -60, toMinutes, { rated: true });
    const { contestId } = await createContest(t, admin, body(60));
    await register(t, ann, contestId);
    await register(t, bob, contestId);
    const bobTry = await submitGraded(t, bob, contestId, problems[0], new Date(Date.now() - 50 * 60_000), 'wrong_answer');
    const annTry = await submitGraded(t, ann, contestId, problems[0], new Date(Date.now() - 30 * 60_000), 'accepted');
    // Ended at the edit itself: the edit's own ask (run at the end of its debounce window) then finds it final. An
    // end a moment after the edit could pass after that ask ran, leaving the rating to the minute's sweep.
    await t
      .http()
      .put(`/api/contests/${contestId}`)
      .set(...bearer(admin))
      .send(body(0))
      .expect(200);
    return { contestId, annTry, bobTry };
  }

  it('rates the contest once it ends, and again after a rejudge swaps the winner', async () => {
    const { contestId, bobTry } = await endedRatedContest();
    const first = await changesOf(contestId, (c) => c.length === 2);
    expect(first.map((c) => [c.username, c.rank])).toEqual([
      [ann.user.username, 1],
      [bob.user.username, 2],
    ]);

    // A rejudge: the submission back in the queue under its next round, then the worker's accepted result.
    const ds = t.app.get(DataSource);
    await ds.query(`UPDATE submissions SET judge_round = judge_round + 1, counted_at = NULL, status = 'queued' WHERE id = $1`, [bobTry]);
    await writeFinalResult(
      ds,
      bobTry,
      problems[0],
      { status: 'accepted', score: 100, earnedPoints: 1, totalPoints: 1, runtimeMs: 1, memoryKB: 1, testCaseResults: [] },
      1,
    );
    // The sweep's tick, as the worker's repeatable job adds it every minute.
    await t.app.get<Queue>(getQueueToken(RATINGS_QUEUE)).add({ reason: 'sweep' });
    const again = await changesOf(contestId, (c) => c[0]?.username === bob.user.username);
    expect(again.map((c) => [c.username, c.rank, c.oldRating])).toEqual([
      [bob.user.username, 1, 690],
      [ann.user.username, 2, 690],
    ]);
    expect(again[0].newRating).toBe(first[0].newRating);
    const board = (await t.http().get('/api/ratings').expect(200)).body;
    expect(board.items[0]).toMatchObject({ username: bob.user.username, contests: 1 });
  });

  it("asks for the recompute at once when a rejudge's result moves a final rated board, not at the next sweep", async () => {
    const { contestId, annTry } = await endedRatedContest();
    await changesOf(contestId, (c) => c.length === 2);

    const completed: string[] = [];
    worker.get<Queue>(getQueueToken(RATINGS_QUEUE)).on('completed', (job) => completed.push(job.data.reason));
    await t
      .http()
      .post(`/api/submissions/${annTry}/rejudge`)
      .set(...bearer(admin))
      .expect((res) => expect([200, 201, 202]).toContain(res.status));
    // Graded for real, ann's print(1) fails too: everyone ties, and a contest where everyone ties rates nobody.
    await changesOf(contestId, (c) => c.length === 0);
    // The minute's sweep may tick meanwhile and recompute first; the result's own ask still comes, seconds after
    // the result, never a minute later.
    const asked = `result of submission ${annTry}, judge round 1`;
    for (const deadline = Date.now() + 10_000; !completed.includes(asked) && Date.now() < deadline;)
      await new Promise((r) => setTimeout(r, 100));
    expect(completed).toContain(asked);
  });
});
