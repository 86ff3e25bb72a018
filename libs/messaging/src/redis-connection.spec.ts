import { randomBytes } from 'crypto';
import { once } from 'events';

import { closeRedisConnection, createRedisConnection, createSubscriberConnection } from './redis-connection';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('createSubscriberConnection', () => {
  it('takes a SUBSCRIBE sent while it connects: no failed ready check, no reconnection, the message arrives', async () => {
    const channel = `oj-subscriber-test-${randomBytes(6).toString('hex')}`;
    const subscriber = createSubscriberConnection(REDIS_URL, 'oj-subscriber-test');
    const publisher = createRedisConnection(REDIS_URL);
    const errors: Error[] = [];
    subscriber.on('error', (error: Error) => errors.push(error));
    try {
      // On 'connect' the socket is open and the handshake has begun: ioredis writes the SUBSCRIBE at once.
      const subscribed = new Promise<unknown>((resolve, reject) =>
        subscriber.once('connect', () => void subscriber.subscribe(channel).then(resolve, reject)),
      );
      await subscribed;
      const message = once(subscriber, 'message');
      await publisher.publish(channel, 'hello');
      expect(await message).toEqual([channel, 'hello']);
      if (subscriber.status !== 'ready') await once(subscriber, 'ready');
      // Any reply still due from the handshake has come by now.
      await subscriber.ping();
      expect(errors.map((e) => e.message)).toEqual([]);
    } finally {
      await closeRedisConnection(subscriber);
      await closeRedisConnection(publisher);
    }
  });
});
