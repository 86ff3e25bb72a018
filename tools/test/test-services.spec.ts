type Choice = 'given' | 'containers' | 'local';
const { chooseServices, IMAGES, LOCAL, servicesLine } = require('../jest/test-services') as {
  chooseServices: (env: NodeJS.ProcessEnv, runtimeAnswers: () => Promise<boolean>) => Promise<Choice>;
  servicesLine: (choice: Choice, env: NodeJS.ProcessEnv) => string;
  IMAGES: { postgres: string; redis: string };
  LOCAL: { DATABASE_URL: string; REDIS_URL: string };
};

const answers = (answer: boolean) => jest.fn(async () => answer);

describe('the services the integration tests use (tools/jest/test-services.js)', () => {
  it('uses DATABASE_URL / REDIS_URL when either is given, without asking for a container runtime', async () => {
    for (const env of [{ DATABASE_URL: 'postgres://ci@db:5432/postgres' }, { REDIS_URL: 'redis://cache:6379' }]) {
      const runtime = answers(true);
      expect(await chooseServices(env, runtime)).toBe('given');
      expect(runtime).not.toHaveBeenCalled();
    }
  });

  it('starts containers where a runtime answers and nothing is given, and uses the local services where none does', async () => {
    expect(await chooseServices({}, answers(true))).toBe('containers');
    expect(await chooseServices({}, answers(false))).toBe('local');
    // An empty variable is not a given one.
    expect(await chooseServices({ DATABASE_URL: '', REDIS_URL: '' }, answers(false))).toBe('local');
  });

  it('names the choice and the addresses in the run’s first line, never a password', () => {
    expect(servicesLine('local', {})).toBe(
      `Test services: local (PostgreSQL ${LOCAL.DATABASE_URL}, Redis ${LOCAL.REDIS_URL}; no DATABASE_URL / REDIS_URL given, no container runtime answered)`,
    );
    const containers = servicesLine('containers', {
      DATABASE_URL: 'postgres://postgres:secret@localhost:32768/postgres',
      REDIS_URL: 'redis://localhost:32769',
    });
    expect(containers).toContain(`${IMAGES.postgres} and ${IMAGES.redis} in containers`);
    expect(containers).toContain('postgres://postgres:***@localhost:32768/postgres');
    expect(containers).not.toContain('secret');
    expect(servicesLine('given', { DATABASE_URL: 'postgres://ci@db:5432/postgres' })).toMatch(/^Test services: as given by DATABASE_URL/);
  });
});
