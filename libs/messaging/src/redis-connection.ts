import Redis from 'ioredis';

/**
 * A connection for commands (rate limits, languages, live events, queue counts). A command waits out a short
 * outage in the offline queue but fails after two reconnection attempts, so a request never hangs on Redis.
 */
export function createRedisConnection(redisUrl: string): Redis {
  return new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
}

/** A connection for subscribing: it never gives up reconnecting, and subscribes again when it is back. */
export function createSubscriberConnection(redisUrl: string): Redis {
  return new Redis(redisUrl, { maxRetriesPerRequest: null });
}

/** Closes a connection on shutdown; one already lost is nothing to report. */
export async function closeRedisConnection(redis: Redis): Promise<void> {
  await redis.quit().catch(() => undefined);
}
