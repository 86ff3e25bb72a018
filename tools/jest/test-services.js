// Where the integration tests find PostgreSQL and Redis (issue 34), chosen once per Jest run (its globalSetup):
// DATABASE_URL / REDIS_URL when either is given; otherwise, where a container runtime answers, PostgreSQL 16 and
// Redis 7 started with testcontainers for this run; otherwise the local services. The run's first line says which.
// The tests read the choice from DATABASE_URL and REDIS_URL (Jest's workers inherit this process's environment).

const LOCAL = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', REDIS_URL: 'redis://127.0.0.1:6379' };
const IMAGES = { postgres: 'postgres:16', redis: 'redis:7' };

/** 'given' (the environment names them), 'containers' (a runtime answers: asked only then) or 'local'. */
async function chooseServices(env, runtimeAnswers) {
  if (env.DATABASE_URL || env.REDIS_URL) return 'given';
  return (await runtimeAnswers()) ? 'containers' : 'local';
}

/** A URL without its password, for the first line. */
function shown(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** The run's first line: which services and where. */
function servicesLine(choice, env) {
  const where = `PostgreSQL ${shown(env.DATABASE_URL ?? LOCAL.DATABASE_URL)}, Redis ${shown(env.REDIS_URL ?? LOCAL.REDIS_URL)}`;
  if (choice === 'given') return `Test services: as given by DATABASE_URL / REDIS_URL (${where})`;
  if (choice === 'containers') return `Test services: ${IMAGES.postgres} and ${IMAGES.redis} in containers (testcontainers: ${where})`;
  return `Test services: local (${where}; no DATABASE_URL / REDIS_URL given, no container runtime answered)`;
}

/** Whether Docker (or another runtime testcontainers speaks to) answers; false when none is installed or running. */
async function containerRuntimeAnswers() {
  try {
    const { getContainerRuntimeClient } = require('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

async function startContainers() {
  const { PostgreSqlContainer } = require('@testcontainers/postgresql');
  const { RedisContainer } = require('@testcontainers/redis');
  const [postgres, redis] = await Promise.all([
    new PostgreSqlContainer(IMAGES.postgres).withDatabase('postgres').withUsername('postgres').withPassword('postgres').start(),
    new RedisContainer(IMAGES.redis).start(),
  ]);
  return { containers: [postgres, redis], env: { DATABASE_URL: postgres.getConnectionUri(), REDIS_URL: redis.getConnectionUrl() } };
}

const STARTED = Symbol.for('oj.testServices');

async function globalSetup() {
  const choice = await chooseServices(process.env, containerRuntimeAnswers);
  if (choice === 'containers') {
    const { containers, env } = await startContainers();
    globalThis[STARTED] = containers;
    Object.assign(process.env, env);
  }
  console.log(`\n${servicesLine(choice, process.env)}`);
}

async function globalTeardown() {
  await Promise.all((globalThis[STARTED] ?? []).map((container) => container.stop()));
}

module.exports = { chooseServices, servicesLine, containerRuntimeAnswers, globalSetup, globalTeardown, LOCAL, IMAGES };
