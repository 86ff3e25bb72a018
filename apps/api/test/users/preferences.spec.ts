import { bearer, createTestApp, registerUser, TestApp, TestSession } from '@oj/api-testing';
import { LANGUAGES_TTL_SECONDS, languagesKey } from '@oj/messaging';
import Redis from 'ioredis';

import { REDIS } from '../../src/redis/redis.module';

/** Issue 22 "Settings": a default language and the editor's font size, kept per user on the server. */
describe('GET and PUT /api/users/me/preferences', () => {
  let t: TestApp;
  let redis: Redis;
  let ada: TestSession;
  let bob: TestSession;

  beforeAll(async () => {
    t = await createTestApp();
    redis = t.app.get<Redis>(REDIS);
    [ada, bob] = await Promise.all([registerUser(t), registerUser(t)]);
  });
  afterAll(() => t.close());

  /** The judge's languages, as a live worker publishes them. */
  const workerOffers = (ids: number[]) =>
    redis.set(
      languagesKey(t.config.REDIS_PREFIX),
      JSON.stringify(ids.map((id) => ({ id, name: `Language ${id}` }))),
      'EX',
      LANGUAGES_TTL_SECONDS,
    );
  const noWorker = () => redis.del(languagesKey(t.config.REDIS_PREFIX));
  const get = (session: TestSession) =>
    t
      .http()
      .get('/api/users/me/preferences')
      .set(...bearer(session));
  const put = (session: TestSession, body: unknown) =>
    t
      .http()
      .put('/api/users/me/preferences')
      .set(...bearer(session))
      .send(body as object);

  it('starts every account at no default language and a 13 px editor', async () => {
    expect((await get(ada).expect(200)).body).toEqual({
      defaultLanguageId: null,
      editorFontSize: 13,
      editorTabWidth: 4,
      editorKeymap: 'default',
    });
  });

  it("stores one user's choice, read back by them and by no one else", async () => {
    await workerOffers([54, 71]);
    expect((await put(ada, { defaultLanguageId: 54, editorFontSize: 18 }).expect(200)).body).toEqual({
      defaultLanguageId: 54,
      editorFontSize: 18,
      editorTabWidth: 4,
      editorKeymap: 'default',
    });
    expect((await get(ada).expect(200)).body).toEqual({
      defaultLanguageId: 54,
      editorFontSize: 18,
      editorTabWidth: 4,
      editorKeymap: 'default',
    });
    expect((await get(bob).expect(200)).body).toEqual({
      defaultLanguageId: null,
      editorFontSize: 13,
      editorTabWidth: 4,
      editorKeymap: 'default',
    });
    // null clears the language; the bounds themselves are allowed.
    await put(ada, { defaultLanguageId: null, editorFontSize: 10 }).expect(200);
    await put(ada, { defaultLanguageId: 71, editorFontSize: 24 }).expect(200);
    expect((await get(ada).expect(200)).body).toEqual({
      defaultLanguageId: 71,
      editorFontSize: 24,
      editorTabWidth: 4,
      editorKeymap: 'default',
    });
  });

  it('refuses a language the judge does not offer, naming the field, and keeps the old settings', async () => {
    await workerOffers([54, 71]);
    const res = await put(bob, { defaultLanguageId: 62, editorFontSize: 14 }).expect(400);
    expect(res.body).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'This language is not available on the judge.',
      details: [{ path: 'defaultLanguageId', message: 'This language is not available on the judge.' }],
    });
    expect((await get(bob).expect(200)).body).toEqual({
      defaultLanguageId: null,
      editorFontSize: 13,
      editorTabWidth: 4,
      editorKeymap: 'default',
    });
  });

  it.each([
    ['a font size under 10', { defaultLanguageId: null, editorFontSize: 9 }, 'editorFontSize'],
    ['a font size over 24', { defaultLanguageId: null, editorFontSize: 25 }, 'editorFontSize'],
    ['a fractional font size', { defaultLanguageId: null, editorFontSize: 12.5 }, 'editorFontSize'],
    ['a font size as text', { defaultLanguageId: null, editorFontSize: '14' }, 'editorFontSize'],
    ['a null font size', { defaultLanguageId: 71, editorFontSize: null }, 'editorFontSize'],
    ['no font size', { defaultLanguageId: 71 }, 'editorFontSize'],
    ['no language field', { editorFontSize: 14 }, 'defaultLanguageId'],
    ['a language id as text', { defaultLanguageId: '71', editorFontSize: 14 }, 'defaultLanguageId'],
    ['a fractional language id', { defaultLanguageId: 71.5, editorFontSize: 14 }, 'defaultLanguageId'],
    ['a language id of 0', { defaultLanguageId: 0, editorFontSize: 14 }, 'defaultLanguageId'],
    ['a language id past the integer column', { defaultLanguageId: 2 ** 31, editorFontSize: 14 }, 'defaultLanguageId'],
    ['a language as a boolean', { defaultLanguageId: true, editorFontSize: 14 }, 'defaultLanguageId'],
    ['a tab width of 3', { defaultLanguageId: null, editorFontSize: 14, editorTabWidth: 3 }, 'editorTabWidth'],
    ['a tab width as text', { defaultLanguageId: null, editorFontSize: 14, editorTabWidth: '4' }, 'editorTabWidth'],
    ['a null tab width', { defaultLanguageId: null, editorFontSize: 14, editorTabWidth: null }, 'editorTabWidth'],
    ['an unknown keymap', { defaultLanguageId: null, editorFontSize: 14, editorKeymap: 'nano' }, 'editorKeymap'],
    ['a keymap in capitals', { defaultLanguageId: null, editorFontSize: 14, editorKeymap: 'Vim' }, 'editorKeymap'],
    ['a null keymap', { defaultLanguageId: null, editorFontSize: 14, editorKeymap: null }, 'editorKeymap'],
  ])('answers 400 VALIDATION_ERROR for %s', async (_case, body, path) => {
    await workerOffers([54, 71]);
    const res = await put(bob, body).expect(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual([path]);
  });

  it('stores the tab width and key bindings (issue 33, defect 12), which a PUT of the two older fields keeps', async () => {
    const carol = await registerUser(t);
    await workerOffers([54, 71]);
    const chosen = { defaultLanguageId: 71, editorFontSize: 15, editorTabWidth: 8, editorKeymap: 'vim' };
    expect((await put(carol, chosen).expect(200)).body).toEqual(chosen);
    // An older client sends only the first two fields: the tab width and keymap stay as they were.
    expect((await put(carol, { defaultLanguageId: null, editorFontSize: 16 }).expect(200)).body).toEqual({
      defaultLanguageId: null,
      editorFontSize: 16,
      editorTabWidth: 8,
      editorKeymap: 'vim',
    });
    await put(carol, { defaultLanguageId: null, editorFontSize: 16, editorKeymap: 'emacs', editorTabWidth: 2 }).expect(200);
    expect((await get(carol).expect(200)).body).toEqual({
      defaultLanguageId: null,
      editorFontSize: 16,
      editorTabWidth: 2,
      editorKeymap: 'emacs',
    });
  });

  it('answers 400 for a body that is not an object', async () => {
    expect((await put(bob, [1, 2]).expect(400)).body.code).toBe('VALIDATION_ERROR');
  });

  it('cannot check a language while no worker runs (503), but clears one or sets the font size', async () => {
    await noWorker();
    expect((await put(bob, { defaultLanguageId: 71, editorFontSize: 14 }).expect(503)).body.code).toBe('SERVICE_UNAVAILABLE');
    await put(bob, { defaultLanguageId: null, editorFontSize: 20 }).expect(200);
    expect((await get(bob).expect(200)).body).toEqual({
      defaultLanguageId: null,
      editorFontSize: 20,
      editorTabWidth: 4,
      editorKeymap: 'default',
    });
  });

  it('is for signed-in users only', async () => {
    await t.http().get('/api/users/me/preferences').expect(401);
    await t.http().put('/api/users/me/preferences').send({ defaultLanguageId: null, editorFontSize: 14 }).expect(401);
  });
});
