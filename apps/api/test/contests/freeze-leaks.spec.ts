import {
  bearer,
  createAdmin,
  createProblem,
  createTestApp,
  openStream,
  problemBody,
  register,
  registerUser,
  SseClient,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import type { GradeResult, SubmissionStatus } from '@oj/contracts';
import { SubmissionEntity, writeFinalResult } from '@oj/db';
import { DataSource } from 'typeorm';

import { ApiLivePublisher } from '../../src/live/api-live-publisher';

const MINUTE = 60_000;
const at = (minutes: number) => new Date(Date.now() + minutes * MINUTE).toISOString();
const ONE_TEST = [{ index: 0, status: 'accepted' as const, timeMs: 5, memoryKB: 100, points: 3 }];

/** What anyone but the submitter and admins sees of a result the freeze hides (SubmissionRow.frozen). */
const PENDING = { status: 'queued', verdict: 'PENDING', score: 0, runtimeMs: null, memoryKB: null, finishedAt: null, frozen: true };

/**
 * Issue 21 "Freeze and reveal": while a board is frozen no route or stream tells a non-admin someone else's frozen
 * verdict; after the unfreeze everything shows. Each route as a guest, the submitter, another participant and an
 * admin. And during a running contest, a contest submission's source and per-test results are its submitter's.
 */
describe('frozen results do not leak', () => {
  let t: TestApp;
  let ds: DataSource;
  let admin: TestSession;
  let ann: TestSession;
  let bob: TestSession;
  let problemId: number;
  let contestId: number;
  let window: { startsAt: string; endsAt: string };
  /** Ann's accepted submission, made during the freeze. */
  let frozenId: string;
  /** Bob's rejected submission, made before the freeze: it shows to everyone throughout. */
  let openId: string;
  const http = () => t.http();

  async function submit(user: TestSession, contest: number, problem: number): Promise<string> {
    const res = await http()
      .post('/api/submissions')
      .set(...bearer(user))
      .send({ problemId: problem, contestId: contest, languageId: 71, sourceCode: 'print(1)' })
      .expect(201);
    return res.body.submissionId;
  }

  async function grade(id: string, problem: number, status: SubmissionStatus, round = 0): Promise<void> {
    const result: GradeResult = {
      status,
      score: status === 'accepted' ? 100 : 0,
      earnedPoints: status === 'accepted' ? 3 : 0,
      totalPoints: 3,
      runtimeMs: 5,
      memoryKB: 100,
      testCaseResults: ONE_TEST.map((c) => ({ ...c, status })),
    };
    await writeFinalResult(ds, id, problem, result, round);
  }

  const detail = async (id: string, viewer: TestSession) =>
    (
      await http()
        .get(`/api/submissions/${id}`)
        .set(...bearer(viewer))
        .expect(200)
    ).body.submission;
  const listed = async (path: string, viewer: TestSession, id: string) => {
    const res = await http()
      .get(path)
      .set(...bearer(viewer))
      .expect(200);
    return res.body.items.find((r: { id: string }) => r.id === id);
  };
  const counters = async () => {
    const res = await http().get(`/api/problems/${problemId}`).expect(200);
    return { submissions: res.body.submissionCount, accepted: res.body.acceptedSubmissionCount, solvers: res.body.solverCount };
  };
  const countedRows = async () => {
    const [row] = await ds.query(
      `SELECT count(*) FILTER (WHERE counted_status IS NOT NULL)::int AS submissions,
              count(*) FILTER (WHERE counted_status = 'accepted')::int AS accepted,
              count(DISTINCT user_id) FILTER (WHERE counted_status = 'accepted')::int AS solvers
         FROM submissions WHERE problem_id = $1 AND NOT frozen`,
      [problemId],
    );
    return row;
  };
  const dashboard = async (viewer: TestSession | undefined) => {
    const req = http().get(`/api/users/${ann.user.username}/dashboard`);
    const res = await (viewer ? req.set(...bearer(viewer)) : req).expect(200);
    return {
      solved: res.body.solved.map((p: { problemId: number }) => p.problemId),
      attempted: res.body.attempted.map((p: { problemId: number }) => p.problemId),
      // The profile's other parts (issue 22): none may count a result the freeze hides from the viewer as accepted.
      recentAccepted: res.body.recentAccepted.map((r: { submissionId: string }) => r.submissionId),
      acceptedDays: res.body.heatmap.reduce((sum: number, d: { acCount: number }) => sum + d.acCount, 0),
      languages: res.body.languages.map((l: { submissions: number; accepted: number }) => [l.submissions, l.accepted]),
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    ds = t.app.get(DataSource);
    admin = await createAdmin(t);
    [ann, bob] = await Promise.all([registerUser(t), registerUser(t)]);
    problemId = (await createProblem(t, admin, problemBody({ title: 'Frozen' }))).problemId;
    // Two hours long, the last hour frozen: the freeze started half an hour ago.
    window = { startsAt: at(-90), endsAt: at(30) };
    const body = { title: 'Frozen round', format: 'icpc', ...window, freezeMinutes: 60, problems: [{ problemId }] };
    const res = await http()
      .post('/api/contests')
      .set(...bearer(admin))
      .send(body)
      .expect(201);
    contestId = res.body.contestId;
    await Promise.all([register(t, ann, contestId), register(t, bob, contestId)]);
    // Dated back before the freeze; an edit of the contest re-reads which results the freeze hides.
    openId = await submit(bob, contestId, problemId);
    await ds.query('UPDATE submissions SET created_at = $2 WHERE id = $1', [openId, at(-40)]);
    await grade(openId, problemId, 'wrong_answer');
    await http()
      .put(`/api/contests/${contestId}`)
      .set(...bearer(admin))
      .send(body)
      .expect(200);
  });
  afterAll(() => t.close());

  describe('during the freeze', () => {
    let before: { submissions: number; accepted: number; solvers: number };
    let annStream: SseClient;
    let bobStream: SseClient;
    let bobProblemStream: SseClient;

    beforeAll(async () => {
      before = await counters();
      annStream = await openStream(t, '/api/submissions/stream', ann.accessToken);
      bobStream = await openStream(t, '/api/submissions/stream', bob.accessToken);
      bobProblemStream = await openStream(t, `/api/problems/${problemId}/submissions/stream`, bob.accessToken);
      frozenId = await submit(ann, contestId, problemId);
      await grade(frozenId, problemId, 'accepted');
      const [row] = await ds.query('SELECT frozen FROM submissions WHERE id = $1', [frozenId]);
      expect(row.frozen).toBe(true);
      // The worker publishes the result, the row as the lists read it; then Bob's shown one, which ends the check.
      const live = t.app.get(ApiLivePublisher);
      await live.publish(await listed(`/api/submissions?problemId=${problemId}`, admin, frozenId), 'finished');
      await live.publish(await listed(`/api/submissions?problemId=${problemId}`, admin, openId), 'finished');
    });
    afterAll(() => [annStream, bobStream, bobProblemStream].forEach((s) => s.close()));

    it('refuses to re-submit a frozen submission, to its submitter and admins alike: the copy would show its verdict', async () => {
      for (const viewer of [ann, admin]) {
        const res = await http()
          .post(`/api/submissions/${frozenId}/resubmit`)
          .set(...bearer(viewer))
          .expect(409);
        expect(res.body.message).toBe(
          "This submission's contest still hides its results: re-submit it once the contest has ended and its results are published.",
        );
      }
      const [{ n }] = await ds.query('SELECT count(*)::int AS n FROM submissions WHERE user_id = $1', [ann.user.id]);
      expect(n).toBe(1);
    });

    it('shows the submitter and admins the verdict, and another participant a pending row, in the detail', async () => {
      for (const viewer of [ann, admin]) expect(await detail(frozenId, viewer)).toMatchObject({ status: 'accepted', score: 100 });
      const seen = await detail(frozenId, bob);
      expect(seen).toMatchObject({ ...PENDING, canViewSource: false, testCaseResults: [], resultSummary: null });
      expect(seen.source).toBeUndefined();
      expect(await detail(openId, ann)).toMatchObject({ status: 'wrong_answer' });
    });

    it('masks the row in the submission lists, the problem list and the updates polls, and in status filters', async () => {
      const since = encodeURIComponent(at(-60));
      for (const path of [
        `/api/submissions?problemId=${problemId}`,
        `/api/problems/${problemId}/submissions`,
        `/api/submissions/updates?since=${since}`,
        `/api/problems/${problemId}/submissions/updates?since=${since}`,
      ]) {
        expect(await listed(path, ann, frozenId)).toMatchObject({ status: 'accepted' });
        expect(await listed(path, admin, frozenId)).toMatchObject({ status: 'accepted' });
        expect(await listed(path, bob, frozenId)).toMatchObject(PENDING);
        expect(await listed(path, bob, openId)).toMatchObject({ status: 'wrong_answer' });
      }
      expect(await listed('/api/submissions?status=accepted', bob, frozenId)).toBeUndefined();
      expect(await listed('/api/submissions?status=queued', bob, frozenId)).toMatchObject(PENDING);
      expect(await listed('/api/submissions?status=accepted', ann, frozenId)).toMatchObject({ status: 'accepted' });
      expect(await listed('/api/submissions?status=queued', admin, frozenId)).toBeUndefined();
    });

    it('sends others the new submission pending through both streams, and nothing of its result', async () => {
      await annStream.waitFor((e) => e.id === frozenId && e.eventType === 'finished' && e.status === 'accepted');
      for (const stream of [bobStream, bobProblemStream]) {
        // Events are delivered in order: once the later one arrived, the frozen result had its chance.
        await stream.waitFor((e) => e.id === openId && e.eventType === 'finished');
        const seen = stream.events.filter((e) => e.id === frozenId);
        expect(seen).toEqual([expect.objectContaining({ eventType: 'created', ...PENDING })]);
      }
    });

    it('holds the result back from the problem counters, which stay a count of the shown rows', async () => {
      expect(await counters()).toEqual(before);
      expect(await countedRows()).toEqual(before);
    });

    it('shows the problem as attempted, not solved, and no accepted result on the profile to all but the owner and admins', async () => {
      for (const viewer of [undefined, bob])
        expect(await dashboard(viewer)).toEqual({
          solved: [],
          attempted: [problemId],
          recentAccepted: [],
          acceptedDays: 0,
          languages: [[1, 0]],
        });
      for (const viewer of [ann, admin])
        expect(await dashboard(viewer)).toEqual({
          solved: [problemId],
          attempted: [],
          recentAccepted: [frozenId],
          acceptedDays: 1,
          languages: [[1, 1]],
        });
    });

    it('keeps a rejudge of a frozen submission from others: no event, no time, its result and the counters', async () => {
      const stream = await openStream(t, '/api/submissions/stream', bob.accessToken);
      const annStream = await openStream(t, '/api/submissions/stream', ann.accessToken);
      try {
        await http()
          .post(`/api/submissions/${frozenId}/rejudge`)
          .set(...bearer(admin))
          .expect(202);
        // Ann is told of her rejudge; Bob, whose stream gets the events after hers, of nothing.
        await annStream.waitFor((e) => e.id === frozenId);
        await t.app.get(ApiLivePublisher).publish(await listed(`/api/submissions?problemId=${problemId}`, admin, openId), 'finished');
        await stream.waitFor((e) => e.id === openId);
        expect(stream.events.filter((e) => e.id === frozenId)).toEqual([]);
        await grade(frozenId, problemId, 'wrong_answer', 1);
        expect(await detail(frozenId, bob)).toMatchObject({ ...PENDING, rejudgedAt: null });
        expect(await detail(frozenId, ann)).toMatchObject({ status: 'wrong_answer' });
        expect(await counters()).toEqual(before);
        await http()
          .post(`/api/submissions/${frozenId}/rejudge`)
          .set(...bearer(admin))
          .expect(202);
        await grade(frozenId, problemId, 'accepted', 2);
        expect(await counters()).toEqual(before);
      } finally {
        stream.close();
        annStream.close();
      }
    });

    /**
     * Issue 32 item 3: ICPC judging stops at the first failing test, so when a hidden result was judged tells how far
     * it got. Those who may not see it learn nothing at its judging: no field, no update, no event on any stream.
     */
    it('counts a hidden submission pending on the public board from its creation, so its judging changes nothing there', async () => {
      const cat = await registerUser(t);
      await register(t, cat, contestId);
      const catsRow = async (viewer?: TestSession) => {
        const req = http().get(`/api/contests/${contestId}/scoreboard`);
        const res = await (viewer ? req.set(...bearer(viewer)) : req).expect(200);
        return res.body.items.find((r: { username: string }) => r.username === cat.user.username);
      };
      expect((await catsRow(bob)).cells.A.pending).toBe(0);
      const id = await submit(cat, contestId, problemId);
      const submitted = await catsRow(bob);
      expect(submitted.cells.A.pending).toBe(1);
      expect(await catsRow()).toEqual(submitted);
      await grade(id, problemId, 'accepted');
      // Judged (its submitter sees the result): the same row for Bob and for a guest, field by field.
      expect(await detail(id, cat)).toMatchObject({ status: 'accepted' });
      expect(await catsRow(bob)).toEqual(submitted);
      expect(await catsRow()).toEqual(submitted);
    });

    describe('the moment a hidden result is judged', () => {
      let judgedId: string;
      let since: string;
      const contestStream = (viewer: TestSession) => openStream(t, `/api/contests/${contestId}/scoreboard/stream`, viewer.accessToken);
      const updates = async (viewer: TestSession, after: string) => {
        const ids = [];
        for (const path of ['/api/submissions/updates', `/api/problems/${problemId}/submissions/updates`]) {
          const res = await http()
            .get(`${path}?since=${encodeURIComponent(after)}`)
            .set(...bearer(viewer))
            .expect(200);
          ids.push(res.body.items.filter((r: { id: string }) => r.id === judgedId));
        }
        return ids.flat();
      };
      const rowEvents = (s: SseClient, username: string) =>
        s.events.filter((e) => e.eventType === 'row' && (e as unknown as { row: { username: string } }).row.username === username);

      beforeAll(async () => {
        judgedId = await submit(ann, contestId, problemId);
        await new Promise((r) => setTimeout(r, 20));
        since = new Date().toISOString();
      });

      it('moves nothing in the updates polls, the fields or the streams of those who may not see it', async () => {
        const [bobBoard, annBoard, adminBoard] = await Promise.all([contestStream(bob), contestStream(ann), contestStream(admin)]);
        const bobLive = await openStream(t, '/api/submissions/stream', bob.accessToken);
        try {
          expect(await updates(bob, since)).toEqual([]);
          // Judged as the worker does: started, then finished, each published.
          await ds
            .createQueryBuilder()
            .update(SubmissionEntity)
            .set({ status: 'running', startedAt: new Date() })
            .where('id = :id', { id: judgedId })
            .execute();
          const live = t.app.get(ApiLivePublisher);
          await live.publish(await listed(`/api/submissions?problemId=${problemId}`, admin, judgedId), 'running');
          await new Promise((r) => setTimeout(r, 20));
          await grade(judgedId, problemId, 'wrong_answer');
          await live.publish(await listed(`/api/submissions?problemId=${problemId}`, admin, judgedId), 'finished');
          // Then a result everyone sees, which ends the check: events come in order.
          await live.publish(await listed(`/api/submissions?problemId=${problemId}`, admin, openId), 'finished');

          // The same as before it was judged.
          expect(await updates(bob, since)).toEqual([]);
          const [created] = await updates(bob, new Date(Date.parse(since) - 60_000).toISOString());
          const seen = await detail(judgedId, bob);
          for (const row of [created, seen, await listed(`/api/submissions?problemId=${problemId}`, bob, judgedId)])
            expect(row).toMatchObject({
              ...PENDING,
              queuedAt: row.createdAt,
              updatedAt: row.createdAt,
              startedAt: null,
              rejudgedAt: null,
            });
          // Its submitter and admins see it judged, and when.
          for (const viewer of [ann, admin]) {
            const [theirs] = await updates(viewer, since);
            expect(theirs).toMatchObject({ status: 'wrong_answer', startedAt: expect.any(String), finishedAt: expect.any(String) });
            expect(Date.parse(theirs.updatedAt)).toBeGreaterThan(Date.parse(since));
          }

          await bobLive.waitFor((e) => e.id === openId && e.eventType === 'finished');
          expect(bobLive.events.filter((e) => e.id === judgedId)).toEqual([]);
          for (const s of [annBoard, adminBoard]) await s.waitFor((e) => rowEvents(s, ann.user.username).includes(e));
          await bobBoard.waitFor((e) => rowEvents(bobBoard, bob.user.username).includes(e));
          // Bob's row came after Ann's result: no row of Ann's went to Bob at its judging.
          expect(rowEvents(bobBoard, ann.user.username)).toEqual([]);
        } finally {
          [bobBoard, annBoard, adminBoard, bobLive].forEach((s) => s.close());
        }
      });
    });
  });

  describe('after the unfreeze', () => {
    let unfrozenSince: string;

    beforeAll(async () => {
      // The contest ends a minute ago (the freeze moves with it, and still covers Ann's submission), then unfreezes.
      await http()
        .put(`/api/contests/${contestId}`)
        .set(...bearer(admin))
        .send({
          title: 'Frozen round',
          format: 'icpc',
          startsAt: window.startsAt,
          endsAt: at(-1),
          freezeMinutes: 60,
          problems: [{ problemId }],
        })
        .expect(200);
      expect(await detail(frozenId, bob)).toMatchObject(PENDING);
      unfrozenSince = new Date().toISOString();
      await http()
        .post(`/api/contests/${contestId}/unfreeze`)
        .set(...bearer(admin))
        .expect(200);
    });

    it('re-submits a revealed submission, outside the contest', async () => {
      const res = await http()
        .post(`/api/submissions/${frozenId}/resubmit`)
        .set(...bearer(admin))
        .expect(201);
      const [row] = await ds.query('SELECT contest_id, frozen, user_id FROM submissions WHERE id = $1', [res.body.submissionId]);
      expect(row).toEqual({ contest_id: null, frozen: false, user_id: ann.user.id });
      await ds.query('DELETE FROM submissions WHERE id = $1', [res.body.submissionId]);
    });

    it('brings every revealed result to the updates polls, with its times', async () => {
      const res = await http()
        .get(`/api/submissions/updates?since=${encodeURIComponent(unfrozenSince)}`)
        .set(...bearer(bob))
        .expect(200);
      const revealed = res.body.items.find((r: { id: string }) => r.id === frozenId);
      expect(revealed).toMatchObject({ status: 'accepted', finishedAt: expect.any(String) });
      expect(revealed.frozen).toBeUndefined();
      expect(Date.parse(revealed.updatedAt)).toBeGreaterThan(Date.parse(unfrozenSince));
    });

    it('shows every result to everyone, counts it, and lists it as solved', async () => {
      expect(await detail(frozenId, bob)).toMatchObject({ status: 'accepted', score: 100, testCaseResults: [expect.anything()] });
      expect((await detail(frozenId, bob)).frozen).toBeUndefined();
      expect(await listed(`/api/problems/${problemId}/submissions`, bob, frozenId)).toMatchObject({ status: 'accepted' });
      expect(await listed('/api/submissions?status=accepted', bob, frozenId)).toBeDefined();
      const shown = await counters();
      expect(shown.accepted).toBeGreaterThanOrEqual(1);
      expect(shown).toEqual(await countedRows());
      const [all] = await ds.query(
        `SELECT count(*) FILTER (WHERE counted_status IS NOT NULL)::int AS submissions,
                count(*) FILTER (WHERE counted_status = 'accepted')::int AS accepted,
                count(DISTINCT user_id) FILTER (WHERE counted_status = 'accepted')::int AS solvers FROM submissions WHERE problem_id = $1`,
        [problemId],
      );
      expect(shown).toEqual(all);
      for (const viewer of [undefined, bob])
        expect(await dashboard(viewer)).toMatchObject({
          solved: [problemId],
          recentAccepted: [frozenId],
          acceptedDays: 1,
          // Her two: the accepted one, and the wrong answer judged during the freeze.
          languages: [[2, 1]],
        });
    });
  });

  describe('a running contest', () => {
    it("keeps a contest submission's source and per-test results for its submitter and admins until the end", async () => {
      const res = await http()
        .post('/api/contests')
        .set(...bearer(admin))
        .send({ title: 'Open round', format: 'icpc', startsAt: at(-10), endsAt: at(60), problems: [{ problemId }] })
        .expect(201);
      const running = res.body.contestId;
      await register(t, ann, running);
      const id = await submit(ann, running, problemId);
      await grade(id, problemId, 'accepted');
      for (const viewer of [ann, admin])
        expect(await detail(id, viewer)).toMatchObject({ canViewSource: true, source: 'print(1)', testCaseResults: [expect.anything()] });
      const seen = await detail(id, bob);
      expect(seen).toMatchObject({ status: 'accepted', canViewSource: false, testCaseResults: [], resultSummary: null });
      expect(seen.source).toBeUndefined();
      // A copy outside the contest would show everyone its tests before the end: not until then.
      await http()
        .post(`/api/submissions/${id}/resubmit`)
        .set(...bearer(ann))
        .expect(409);

      await ds.query(
        `UPDATE contests SET starts_at = now() - interval '2 hours', ends_at = now() - interval '1 minute' WHERE contest_id = $1`,
        [running],
      );
      const after = await detail(id, bob);
      expect(after).toMatchObject({ canViewSource: false, testCaseResults: [expect.objectContaining({ status: 'accepted' })] });
      expect(after.source).toBeUndefined();
    });
  });
});
