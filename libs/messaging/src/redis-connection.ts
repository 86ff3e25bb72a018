import Redis from 'ioredis';

/**
 * A connection for commands (rate limits, languages, live events, queue counts). A command waits out a short
 * outage in the offline queue but fails after two reconnection attempts, so a request never hangs on Redis.
 */
export function createRedisConnection(redisUrl: string): Redis {
  return new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
}

/**
 * A connection for subscribing: it never gives up reconnecting, and subscribes again when it is back. `name`, when
 * given, is what Redis lists it as (CLIENT LIST), so an operator or a test can tell it from the others.
 */
export function createSubscriberConnection(redisUrl: string, name?: string): Redis {
  return new Redis(redisUrl, { maxRetriesPerRequest: null, ...(name ? { connectionName: name } : {}) });
}

/** Closes a connection on shutdown; one already lost is nothing to report. */
export async function closeRedisConnection(redis: Redis): Promise<void> {
  await redis.quit().catch(() => undefined);
}
