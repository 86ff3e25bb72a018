import { createTestApp, TestApp } from '@oj/api-testing';
import { LANGUAGES_TTL_SECONDS, languagesKey } from '@oj/messaging';
import Redis from 'ioredis';

import { REDIS } from '../../src/redis/redis.module';

const NO_WORKER = { message: 'No judge worker is running. Start one with npm start or the judge-worker app.', code: 'SERVICE_UNAVAILABLE' };

describe('GET /api/languages', () => {
  let t: TestApp;
  let redis: Redis;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp();
    redis = t.app.get<Redis>(REDIS);
    key = languagesKey(t.config.REDIS_PREFIX);
  });
  afterAll(() => t.close());

  it('answers 503 while no worker has published its languages', async () => {
    const res = await t.http().get('/api/languages').expect(503);
    expect(res.body).toEqual(NO_WORKER);
  });

  it("lists the workers' languages to guests, sorted by name", async () => {
    await redis.set(
      key,
      JSON.stringify([
        { id: 71, name: 'Python (3.11.2)' },
        { id: 54, name: 'C++ (GCC 12.2.0)' },
      ]),
      'EX',
      LANGUAGES_TTL_SECONDS,
    );
    const res = await t.http().get('/api/languages').expect(200);
    expect(res.body).toEqual([
      { id: 54, name: 'C++ (GCC 12.2.0)' },
      { id: 71, name: 'Python (3.11.2)' },
    ]);
  });

  it('serves the list from memory while a worker is alive', async () => {
    await redis.set(key, JSON.stringify([{ id: 50, name: 'C (GCC 12.2.0)' }]), 'EX', LANGUAGES_TTL_SECONDS);
    const res = await t.http().get('/api/languages').expect(200);
    expect(res.body.map((l: { id: number }) => l.id)).toEqual([54, 71]);
  });

  it('refuses the cached list once the workers are gone', async () => {
    await redis.del(key);
    expect((await t.http().get('/api/languages').expect(503)).body).toEqual(NO_WORKER);
    await redis.set(key, JSON.stringify([{ id: 50, name: 'C (GCC 12.2.0)' }]), 'EX', LANGUAGES_TTL_SECONDS);
    expect((await t.http().get('/api/languages').expect(200)).body).toEqual([{ id: 50, name: 'C (GCC 12.2.0)' }]);
  });
});
