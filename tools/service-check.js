// Answers whether PostgreSQL and Redis are reachable; returns one line saying what to do when not.
// The default URLs are the same local defaults as the API's and the worker's configuration.
const { Client } = require('pg');
const Redis = require('ioredis');

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/online_judge';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

async function checkPostgres(databaseUrl) {
  const url = new URL(databaseUrl);
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return `PostgreSQL does not answer at ${databaseUrl} (${error.message}). Start it (e.g. \`pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start\` or \`docker compose up -d postgres\`) or set DATABASE_URL.`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function checkRedis(redisUrl) {
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let lastError;
  redis.on('error', (error) => (lastError = error));
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (error) {
    return `Redis does not answer at ${redisUrl} (${(lastError ?? error).message}). Start it (e.g. \`redis-server --daemonize yes --bind 127.0.0.1 --port 6379\` or \`docker compose up -d redis\`) or set REDIS_URL.`;
  } finally {
    redis.disconnect();
  }
}

async function checkServices(env = process.env) {
  return (await checkPostgres(env.DATABASE_URL || DEFAULT_DATABASE_URL)) ?? (await checkRedis(env.REDIS_URL || DEFAULT_REDIS_URL));
}

module.exports = { checkServices, DEFAULT_DATABASE_URL };
