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
 * No ready check: ioredis writes a SUBSCRIBE (a command Redis takes while loading) as soon as the socket is
 * connected, before its handshake ends, and the check's INFO that follows then fails in subscriber mode ("Connection
 * in subscriber mode, only subscriber commands may be used", redis/ioredis#2037) and reconnects. A subscriber has
 * nothing to wait for: Redis takes SUBSCRIBE while it loads its data.
 */
export function createSubscriberConnection(redisUrl: string, name?: string): Redis {
  return new Redis(redisUrl, { maxRetriesPerRequest: null, enableReadyCheck: false, ...(name ? { connectionName: name } : {}) });
}

/** Closes a connection on shutdown; one already lost is nothing to report. */
export async function closeRedisConnection(redis: Redis): Promise<void> {
  await redis.quit().catch(() => undefined);
}
