import { createTestApp, TestApp } from '@oj/api-testing';
import { accessChangesChannel, contestBoardsChannel, contestEventsChannel, liveEventsChannel } from '@oj/messaging';
import { readdirSync, readFileSync, statSync } from 'fs';
import Redis from 'ioredis';
import { join, relative } from 'path';

import { subscriberConnectionName } from '../../src/redis/redis-subscriber';

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The live submission streams, the scoreboard (its caches and stream) and the CLICS feeds all listen to Redis: an API
 * instance holds one subscriber connection for all of them (RedisSubscriber), not one each. Counted in Redis itself:
 * the subscribers of each of the instance's channels (its prefix is its own), and the connections by the name the
 * instance gives its subscriber.
 */
describe('one Redis subscriber connection per API instance', () => {
  let t: TestApp;
  let redis: Redis;

  beforeAll(async () => {
    t = await createTestApp();
    redis = new Redis(t.config.REDIS_URL);
  });
  afterAll(async () => {
    await redis.quit();
    await t.close();
  });

  const channels = () =>
    [liveEventsChannel, contestBoardsChannel, contestEventsChannel, accessChangesChannel].map((channel) => channel(t.config.REDIS_PREFIX));

  /** How many connections subscribe to each channel. */
  async function subscribers(): Promise<number[]> {
    const counts = (await redis.pubsub('NUMSUB', ...channels())) as (string | number)[];
    return counts.filter((_, i) => i % 2 === 1).map(Number);
  }

  /** The instance's subscriber connections as CLIENT LIST shows them: each one's id and count of channels. */
  async function subscriberConnections(): Promise<{ id: string; sub: number }[]> {
    const list = (await redis.client('LIST')) as string;
    return list
      .split('\n')
      .map((line) => Object.fromEntries(line.split(' ').map((field) => field.split('=') as [string, string])))
      .filter((fields) => fields.name === subscriberConnectionName(t.config.REDIS_PREFIX))
      .map((fields) => ({ id: fields.id, sub: Number(fields.sub) }));
  }

  it('listens to every channel on one connection', async () => {
    // The live-events channel feeds the submission streams, the scoreboard and the CLICS feeds: once, not three times.
    expect(await subscribers()).toEqual([1, 1, 1, 1]);
    const connections = await subscriberConnections();
    expect(connections).toEqual([{ id: expect.any(String), sub: channels().length }]);
  });

  it('is one connection again, on every channel, after Redis drops it', async () => {
    const [before] = await subscriberConnections();
    await redis.client('KILL', 'ID', before.id);
    let after = await subscriberConnections();
    for (let tries = 0; tries < 100 && !(after.length === 1 && after[0].id !== before.id && after[0].sub === channels().length); tries++) {
      await sleep(100);
      after = await subscriberConnections();
    }
    expect(after).toEqual([{ id: expect.not.stringMatching(`^${before.id}$`), sub: channels().length }]);
    expect(await subscribers()).toEqual([1, 1, 1, 1]);
  });

  it('is the only Redis connection the API opens besides the commands’ (and the queues’, which Bull opens)', () => {
    const src = join(__dirname, '../../src');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
    const opening = files(src)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
      .filter((file) => /create(Subscriber|Redis)Connection\(|new Redis\(|\.duplicate\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file))
      .sort();
    // A listener hands its handlers to RedisSubscriber.subscribe instead.
    expect(opening).toEqual(['redis/redis-subscriber.ts', 'redis/redis.module.ts']);
  });
});
