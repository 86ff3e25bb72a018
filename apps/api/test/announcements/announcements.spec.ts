import { bearer, createAdmin, createTestApp, problemBody, registerUser, TestApp, TestSession } from '@oj/api-testing';

describe('announcements and problem updates', () => {
  let t: TestApp;
  let admin: TestSession;
  let user: TestSession;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    user = await registerUser(t);
  });
  afterAll(() => t.close());

  const post = (body: object, session = admin) =>
    t
      .http()
      .post('/api/announcements')
      .set(...bearer(session))
      .send(body);

  it('admins create, edit and delete trimmed announcements; everyone reads them', async () => {
    const created = (await post({ title: '  Hello  ', body: '  World  ', pinned: false }).expect(201)).body;
    expect(created).toEqual({
      id: expect.any(String),
      title: 'Hello',
      body: 'World',
      pinned: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const edited = (
      await t
        .http()
        .put(`/api/announcements/${created.id}`)
        .set(...bearer(admin))
        .send({ title: 'Hi', body: 'There', pinned: true })
        .expect(200)
    ).body;
    expect(edited).toMatchObject({ id: created.id, title: 'Hi', body: 'There', pinned: true });
    const list = (await t.http().get('/api/announcements').expect(200)).body.items;
    expect(list.map((a: { id: string }) => a.id)).toContain(created.id);
    await t
      .http()
      .delete(`/api/announcements/${created.id}`)
      .set(...bearer(admin))
      .expect(204);
    await t
      .http()
      .delete(`/api/announcements/${created.id}`)
      .set(...bearer(admin))
      .expect(404);
    await t
      .http()
      .put('/api/announcements/nope')
      .set(...bearer(admin))
      .send({ title: 'a', body: 'b' })
      .expect(404);
  });

  it('requires title and body after trimming', async () => {
    for (const body of [{ title: '  ', body: 'x' }, { title: 'x', body: '' }, { body: 'x' }]) {
      const res = await post(body).expect(400);
      expect(res.body.details[0].message).toBe('Title and body are required.');
    }
    expect((await post({ title: 'x'.repeat(201), body: 'b' }).expect(400)).body.details).toEqual([
      { path: 'title', message: 'Title must be at most 200 characters long.' },
    ]);
    expect((await post({ title: 't', body: 'b'.repeat(20_001) }).expect(400)).body.details).toEqual([
      { path: 'body', message: 'Body must be at most 20000 characters long.' },
    ]);
  });

  it('is admin-only for writes', async () => {
    await t.http().post('/api/announcements').send({ title: 'a', body: 'b' }).expect(401);
    await post({ title: 'a', body: 'b' }, user).expect(403);
  });

  it('lists pinned first when asked, newest first within, bounded by limit', async () => {
    const solo = await createTestApp();
    try {
      const a = await createAdmin(solo);
      const make = async (title: string, pinned: boolean) =>
        (
          await solo
            .http()
            .post('/api/announcements')
            .set(...bearer(a))
            .send({ title, body: 'b', pinned })
            .expect(201)
        ).body;
      await make('old pinned', true);
      await make('middle', false);
      await make('new', false);
      const plain = (await solo.http().get('/api/announcements').expect(200)).body.items.map((x: { title: string }) => x.title);
      expect(plain).toEqual(['new', 'middle', 'old pinned']);
      const pinnedFirst = (await solo.http().get('/api/announcements?pinnedFirst=true&limit=2').expect(200)).body.items.map(
        (x: { title: string }) => x.title,
      );
      expect(pinnedFirst).toEqual(['old pinned', 'new']);
      await solo.http().get('/api/announcements?limit=51').expect(400);
    } finally {
      await solo.close();
    }
  });

  it('problem updates are public but list only what the reader may see', async () => {
    const pub = (
      await t
        .http()
        .post('/api/problems')
        .set(...bearer(admin))
        .send(problemBody({ title: 'Visible' }))
        .expect(201)
    ).body;
    const priv = (
      await t
        .http()
        .post('/api/problems')
        .set(...bearer(admin))
        .send(problemBody({ title: 'Hidden', isPublic: false }))
        .expect(201)
    ).body;
    const guest = (await t.http().get('/api/problem-updates?limit=20').expect(200)).body.items;
    expect(guest[0]).toEqual({
      id: expect.any(String),
      problemId: pub.problemId,
      titleSnapshot: 'Visible',
      summary: 'New problem',
      createdAt: expect.any(String),
    });
    expect(guest.some((u: { problemId: number }) => u.problemId === priv.problemId)).toBe(false);
    const asAdmin = (
      await t
        .http()
        .get('/api/problem-updates')
        .set(...bearer(admin))
        .expect(200)
    ).body.items;
    expect(asAdmin.some((u: { problemId: number }) => u.problemId === priv.problemId)).toBe(true);
    await t.http().get('/api/problem-updates?limit=0').expect(400);
  });
});
