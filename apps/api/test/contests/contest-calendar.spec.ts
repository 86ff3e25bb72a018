import {
  bearer,
  contestBody,
  createAdmin,
  createContest,
  createProblem,
  createTestApp,
  problemBody,
  register,
  registerUser,
  TestApp,
  TestSession,
} from '@oj/api-testing';

/** Issue 33, item 8: a contest's participant count, and the contest as an iCalendar file. */
describe("a contest's participant count and calendar file", () => {
  let t: TestApp;
  let admin: TestSession;
  let ann: TestSession;
  let bob: TestSession;
  let cat: TestSession;
  let problemId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    [ann, bob, cat] = await Promise.all([registerUser(t), registerUser(t), registerUser(t)]);
    problemId = (await createProblem(t, admin, problemBody({ title: 'A' }))).problemId;
  });
  afterAll(() => t.close());

  const get = (path: string, who?: TestSession) =>
    who
      ? t
          .http()
          .get(path)
          .set(...bearer(who))
      : t.http().get(path);

  it('counts registered users in the list and on the contest, virtual runs not', async () => {
    const { contestId } = await createContest(t, admin, contestBody([problemId], -60, 60));
    const empty = (await createContest(t, admin, contestBody([problemId], 60, 120))).contestId;
    await register(t, ann, contestId);
    await register(t, bob, contestId);
    // The contest ends; cat's virtual run of it makes no participant.
    await t
      .http()
      .put(`/api/contests/${contestId}`)
      .set(...bearer(admin))
      .send(contestBody([problemId], -60, -1))
      .expect(200);
    await t
      .http()
      .post(`/api/contests/${contestId}/virtual`)
      .set(...bearer(cat))
      .expect(200);
    expect((await get(`/api/contests/${contestId}`).expect(200)).body.participantCount).toBe(2);
    const list = (await get('/api/contests?limit=100').expect(200)).body.items as { contestId: number; participantCount: number }[];
    expect(list.find((c) => c.contestId === contestId)?.participantCount).toBe(2);
    expect(list.find((c) => c.contestId === empty)?.participantCount).toBe(0);
  });

  it('serves a public contest to a guest as one RFC 5545 event: UTC times, escaped and folded lines, CRLF', async () => {
    const title = 'Spring, Round; 1 — a title long enough that its SUMMARY line must be folded at 75 octets';
    const body = contestBody([problemId], 60, 240, { title });
    const { contestId } = await createContest(t, admin, body);
    const res = await get(`/api/contests/${contestId}/calendar.ics`).expect(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="contest-${contestId}.ics"`);
    const text = res.text;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    // Every line ends in CRLF and takes at most 75 octets; a continuation starts with a space.
    const lines = text.slice(0, -2).split('\r\n');
    expect(lines.every((line) => !line.includes('\n') && Buffer.byteLength(line) <= 75)).toBe(true);
    const unfolded = text.replace(/\r\n /g, '').split('\r\n');
    const utc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(unfolded).toEqual(
      expect.arrayContaining([
        'VERSION:2.0',
        'BEGIN:VEVENT',
        `DTSTART:${utc(body.startsAt)}`,
        `DTEND:${utc(body.endsAt)}`,
        `SUMMARY:${title.replace(/,/g, '\\,').replace(/;/g, '\\;')}`,
        'END:VEVENT',
      ]),
    );
    // The UID names the contest and the server, so importing the file again updates the event rather than doubling it.
    expect(unfolded).toContain(`UID:contest-${contestId}@${new URL(res.request.url).host}`);
    expect(unfolded.some((line) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(line))).toBe(true);
    expect(unfolded.some((line) => line.endsWith(`/contests/${contestId}`) && line.startsWith('URL'))).toBe(true);
    expect(lines.find((line) => line.startsWith('SUMMARY:'))!.length).toBeLessThan(title.length);
  });

  it('serves a private contest to its participants and admins, and answers everyone else 404 as for no contest', async () => {
    // Invitation-only: a private contest without an access code exists only for those an admin added.
    const { contestId } = await createContest(t, admin, contestBody([problemId], 60, 120, { isPublic: false }));
    await t
      .http()
      .post(`/api/contests/${contestId}/participants`)
      .set(...bearer(admin))
      .send({ username: ann.user.username })
      .expect(200);
    await get(`/api/contests/${contestId}/calendar.ics`, ann).expect(200);
    await get(`/api/contests/${contestId}/calendar.ics`, admin).expect(200);
    for (const res of [await get(`/api/contests/${contestId}/calendar.ics`, bob), await get(`/api/contests/${contestId}/calendar.ics`)])
      expect([res.status, res.body]).toEqual([404, { code: 'NOT_FOUND', message: 'Contest not found.' }]);
    await get('/api/contests/99999999/calendar.ics').expect(404);
  });
});
