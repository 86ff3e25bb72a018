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
  SseClient,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import { DataSource } from 'typeorm';

jest.setTimeout(30_000);

describe('contest clarifications', () => {
  let t: TestApp;
  let admin: TestSession;
  let ann: TestSession;
  let bob: TestSession;
  let cat: TestSession;
  let contestId: number;
  const streams: SseClient[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    admin = await createAdmin(t);
    [ann, bob, cat] = await Promise.all([registerUser(t), registerUser(t), registerUser(t)]);
    const problem = await createProblem(t, admin, problemBody({ title: 'A' }));
    ({ contestId } = await createContest(t, admin, contestBody([problem.problemId], -10, 60)));
    await register(t, ann, contestId);
    await register(t, bob, contestId);
  });
  afterAll(async () => {
    streams.forEach((s) => s.close());
    await t.close();
  });

  const path = () => `/api/contests/${contestId}/clarifications`;
  const ask = (session: TestSession, body: Record<string, unknown>) =>
    t
      .http()
      .post(path())
      .set(...bearer(session))
      .send(body);
  const list = async (session?: TestSession) => {
    const req = t.http().get(path());
    return (await (session ? req.set(...bearer(session)) : req).expect(200)).body.items as Record<string, unknown>[];
  };
  const answer = (id: number, body: Record<string, unknown>, session = admin) =>
    t
      .http()
      .post(`${path()}/${id}/answer`)
      .set(...bearer(session))
      .send(body);
  const stream = async (session: TestSession) => {
    const s = await openStream(t, `/api/contests/${contestId}/scoreboard/stream`, session.accessToken);
    streams.push(s);
    return s;
  };
  const clarificationEvents = (s: SseClient) => s.events.filter((e) => e.eventType === 'clarification');

  it('takes a participant’s question about a problem or the contest, and refuses bad ones', async () => {
    const asked = (await ask(ann, { question: 'Is n ≥ 1?', problemLabel: 'A' }).expect(201)).body;
    expect(asked).toMatchObject({
      contestId,
      username: ann.user.username,
      problemLabel: 'A',
      question: 'Is n ≥ 1?',
      answer: null,
      public: false,
    });
    expect((await ask(bob, { question: 'When does it end?' }).expect(201)).body.problemLabel).toBeNull();

    expect((await ask(cat, { question: 'Hello?' }).expect(403)).body.message).toMatch(/^Register for the contest/);
    expect((await ask(ann, { question: 'Q', problemLabel: 'Z' }).expect(400)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'problemLabel' }],
    });
    for (const body of [{}, { question: '' }, { question: 'x'.repeat(5001) }, { question: 7 }, { question: 'Q', public: true }])
      expect((await ask(ann, body).expect(400)).body.code).toBe('VALIDATION_ERROR');
    await ask(ann, { answer: 'I answer myself' }).expect(403);
    await t.http().post(path()).send({ question: 'guest' }).expect(401);
  });

  it('shows participants their own and the public ones, admins all with the askers', async () => {
    const anns = await list(ann);
    expect(anns.map((c) => c.question)).toEqual(['Is n ≥ 1?']);
    expect((await list(bob)).map((c) => c.question)).toEqual(['When does it end?']);
    expect(await list()).toEqual([]);
    const all = await list(admin);
    expect(all.map((c) => c.username)).toEqual([bob.user.username, ann.user.username]);
  });

  it('sends a private answer to the asker alone, a public one (quoting the question) to the participants, live', async () => {
    const [annStream, bobStream, adminStream, catStream] = [await stream(ann), await stream(bob), await stream(admin), await stream(cat)];
    const question = (await list(admin)).find((c) => c.question === 'Is n ≥ 1?') as { id: number };

    const privately = (await answer(question.id, { answer: 'Yes.' }).expect(200)).body;
    expect(privately).toMatchObject({ answer: 'Yes.', public: false, username: ann.user.username });
    expect(privately.answeredAt).toEqual(expect.any(String));
    const toAnn = await annStream.waitFor((e) => e.eventType === 'clarification');
    expect(toAnn).toMatchObject({ contestId, clarification: { id: question.id, answer: 'Yes.', username: ann.user.username } });
    expect(toAnn.eventId).toEqual(expect.any(String));
    await adminStream.waitFor((e) => e.eventType === 'clarification');

    // A new question reaches admins, not the other participants.
    const second = (await ask(ann, { question: 'Can n be 0?', problemLabel: 'A' }).expect(201)).body;
    await adminStream.waitFor((e) => (e.clarification as { id: number })?.id === second.id);
    const quoted = '> Can n be 0?\n\nNo: 1 ≤ n.';
    expect((await answer(second.id, { answer: quoted, public: true }).expect(200)).body).toMatchObject({ public: true });
    const toBob = await bobStream.waitFor((e) => (e.clarification as { id: number })?.id === second.id);
    // Everyone reads the question and its answer; the asker's name stays with admins and the asker.
    expect(toBob.clarification).toMatchObject({ question: 'Can n be 0?', answer: quoted, username: null, public: true });
    expect(clarificationEvents(bobStream)).toHaveLength(1);
    expect((await list(bob)).map((c) => c.question)).toEqual(['Can n be 0?', 'When does it end?']);
    await annStream.waitFor((e) => (e.clarification as { id: number })?.id === second.id);
    // While the contest is on, a guest and a user outside it read none of them, listed or live: a public answer about
    // a private problem would tell of its statement.
    expect(await list()).toEqual([]);
    expect(await list(cat)).toEqual([]);
    await adminStream.waitFor((e) => (e.clarification as { id: number; answer: string | null })?.answer === quoted);
    // Written to every viewer in one pass: bob's copy came, so cat's would have by now.
    await new Promise((r) => setTimeout(r, 200));
    expect(clarificationEvents(catStream)).toEqual([]);
  });

  it('lets an admin post a clarification unprompted, to everyone', async () => {
    const bobStream = await stream(bob);
    const notice = (await ask(admin, { answer: 'Problem A: the limit is 2 s.', problemLabel: 'A' }).expect(201)).body;
    expect(notice).toMatchObject({
      question: null,
      username: null,
      answer: 'Problem A: the limit is 2 s.',
      public: true,
      problemLabel: 'A',
    });
    const live = await bobStream.waitFor((e) => e.eventType === 'clarification');
    expect(live.clarification).toMatchObject({ id: notice.id, answer: 'Problem A: the limit is 2 s.' });
    expect((await list(ann)).map((c) => c.answer)).toContain('Problem A: the limit is 2 s.');
    // A private notice stays with admins.
    const hidden = (await ask(admin, { answer: 'Jury only.', public: false }).expect(201)).body;
    expect((await list(admin)).map((c) => c.id)).toContain(hidden.id);
    expect((await list(ann)).map((c) => c.id)).not.toContain(hidden.id);
  });

  it('answers only as an admin, with a valid body, for a clarification of this contest', async () => {
    const [mine] = await list(bob);
    await answer(mine.id as number, { answer: 'Me' }, bob).expect(403);
    expect((await answer(mine.id as number, { answer: '' }).expect(400)).body.code).toBe('VALIDATION_ERROR');
    expect((await answer(mine.id as number, { answer: 'ok', public: 'yes' }).expect(400)).body.code).toBe('VALIDATION_ERROR');
    await answer(999999, { answer: 'x' }).expect(404);
    await answer('abc' as unknown as number, { answer: 'x' }).expect(404);
    // Past the integer column: still no such clarification, not a malformed query.
    await answer(99999999999, { answer: 'x' }).expect(404);
    await answer(-1, { answer: 'x' }).expect(404);
    await t.http().get(`/api/contests/999999/clarifications`).expect(404);
  });

  it('shows everyone the public ones after the end, as the problems are then everyone’s', async () => {
    await t.app.get(DataSource).query(`UPDATE contests SET ends_at = now() - interval '1 minute' WHERE contest_id = $1`, [contestId]);
    const guest = await list();
    expect(guest.map((c) => [c.question, c.username])).toContainEqual(['Can n be 0?', null]);
    expect(guest.map((c) => c.answer)).toContain('Problem A: the limit is 2 s.');
    expect(guest.every((c) => c.public)).toBe(true);
    expect((await list(cat)).map((c) => c.id)).toEqual(guest.map((c) => c.id));
    // ann's private answer is still hers alone.
    expect((await list(ann)).map((c) => c.question)).toContain('Is n ≥ 1?');
    expect(guest.map((c) => c.question)).not.toContain('Is n ≥ 1?');
  });
});
