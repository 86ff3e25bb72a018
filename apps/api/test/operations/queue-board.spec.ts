import { bearer, createAdmin, createTestApp, registerUser, TestApp, TestSession } from '@oj/api-testing';
import { UserEntity } from '@oj/db';
import { DataSource } from 'typeorm';

/** The Set-Cookie of the board session, and the `name=value` pair a browser would send back. */
async function openBoard(t: TestApp, session: TestSession) {
  const res = await t
    .http()
    .post('/api/admin/queue-board/session')
    .set(...bearer(session))
    .expect(200);
  const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0] ?? '';
  return { res, setCookie, cookie: setCookie.split(';')[0] };
}

describe('queue board at /admin/queues', () => {
  let t: TestApp;
  let admin: TestSession;
  let user: TestSession;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    user = await registerUser(t);
  }, 60_000);
  afterAll(() => t?.close());

  it('refuses guests (no cookie) with 401, never the board', async () => {
    const res = await t.http().get('/admin/queues').expect(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
    await t.http().get('/admin/queues/api/queues').expect(401);
  });

  it('does not hand a session cookie to guests or users', async () => {
    await t.http().post('/api/admin/queue-board/session').expect(401);
    const res = await t
      .http()
      .post('/api/admin/queue-board/session')
      .set(...bearer(user))
      .expect(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('gives an admin a short-lived HttpOnly, SameSite=Strict cookie scoped to the board, which opens it', async () => {
    const { res, setCookie, cookie } = await openBoard(t, admin);
    expect(res.body).toEqual({ path: '/admin/queues', expiresInSeconds: 900 });
    expect(setCookie).toMatch(/^oj_queue_board=[^;]+; Max-Age=900; Path=\/admin\/queues; Expires=[^;]+; HttpOnly; SameSite=Strict$/);
    const page = await t.http().get('/admin/queues').set('Cookie', cookie).expect(200);
    expect(page.text).toContain('<base href="/admin/queues/"');
    const api = await t.http().get('/admin/queues/api/queues').set('Cookie', cookie).expect(200);
    expect(api.body.queues.map((q: { name: string }) => q.name).sort()).toEqual([
      'checker-compile',
      'judge',
      'ratings',
      'run',
      'similarity',
      'validate',
    ]);
  });

  it('re-checks the role on every request: a demoted admin gets 403 with the same cookie', async () => {
    const other = await createAdmin(t);
    const { cookie } = await openBoard(t, other);
    await t.http().get('/admin/queues/api/queues').set('Cookie', cookie).expect(200);
    await t.app.get(DataSource).getRepository(UserEntity).update({ id: other.user.id }, { role: 'user' });
    const res = await t.http().get('/admin/queues/api/queues').set('Cookie', cookie).expect(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('accepts neither a forged cookie nor an access token in its place, and the cookie is no access token', async () => {
    await t.http().get('/admin/queues').set('Cookie', 'oj_queue_board=forged.jwt.value').expect(401);
    await t.http().get('/admin/queues').set('Cookie', `oj_queue_board=${admin.accessToken}`).expect(401);
    const { cookie } = await openBoard(t, admin);
    await t
      .http()
      .get('/api/auth/me')
      .set('Authorization', `Bearer ${cookie.split('=')[1]}`)
      .expect(401);
  });
});
