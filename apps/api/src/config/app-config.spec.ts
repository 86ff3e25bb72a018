import { loadAppConfig } from './app-config';

describe('API configuration: custom runs and time factors', () => {
  it('defaults to 10 runs a minute and the default time factors', () => {
    const config = loadAppConfig({});
    expect(config.RUNS_PER_MINUTE).toBe(10);
    expect(config.timeFactors).toMatchObject({ 54: 1, 62: 2, 71: 3 });
  });

  it('reads RUNS_PER_MINUTE and LANGUAGE_TIME_FACTORS', () => {
    const config = loadAppConfig({ RUNS_PER_MINUTE: '3', LANGUAGE_TIME_FACTORS: '{"71": 2}' });
    expect(config.RUNS_PER_MINUTE).toBe(3);
    expect(config.timeFactors).toMatchObject({ 71: 2, 62: 2 });
  });

  it.each([
    [{ RUNS_PER_MINUTE: '0' }, /RUNS_PER_MINUTE/],
    [
      { LANGUAGE_TIME_FACTORS: '{"71": -1}' },
      /LANGUAGE_TIME_FACTORS: LANGUAGE_TIME_FACTORS: the factor of language 71 must be a number above 0 and at most 10/,
    ],
    [{ LANGUAGE_TIME_FACTORS: '3' }, /LANGUAGE_TIME_FACTORS: LANGUAGE_TIME_FACTORS must be a JSON object of language id → factor/],
  ])('refuses %j at start-up', (env, message) => {
    expect(() => loadAppConfig(env)).toThrow(message);
  });
});

describe('API configuration: the admin password', () => {
  it('keeps the easy default in development and tests', () => {
    expect(loadAppConfig({}).ADMIN_PASSWORD).toBe('admin12345');
    expect(loadAppConfig({ NODE_ENV: 'test' }).ADMIN_PASSWORD).toBe('admin12345');
  });

  it.each([{}, { ADMIN_PASSWORD: 'admin12345' }, { ADMIN_PASSWORD: '' }])('refuses to start in production with the default (%j)', (env) => {
    expect(() => loadAppConfig({ NODE_ENV: 'production', ...env })).toThrow(
      'ADMIN_PASSWORD: ADMIN_PASSWORD is unset or the built-in default; set ADMIN_PASSWORD to a password of your own in production',
    );
  });

  it('refuses a well-known password in production, in any case', () => {
    expect(() => loadAppConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'Password123' })).toThrow(
      'ADMIN_PASSWORD: ADMIN_PASSWORD is a well-known password; set ADMIN_PASSWORD',
    );
  });

  it('starts in production with a password of its own', () => {
    expect(loadAppConfig({ NODE_ENV: 'production', ADMIN_PASSWORD: 'correct-horse-battery' }).ADMIN_PASSWORD).toBe('correct-horse-battery');
  });
});

describe('API configuration: the cost of a password hash', () => {
  it("defaults to argon2's own (64 MiB, 3 passes, 4 lanes) and reads the three variables", () => {
    expect(loadAppConfig({}).passwordHashCost).toEqual({ memoryKiB: 65536, iterations: 3, parallelism: 4 });
    const config = loadAppConfig({ PASSWORD_HASH_MEMORY_KIB: '19456', PASSWORD_HASH_ITERATIONS: '2', PASSWORD_HASH_PARALLELISM: '1' });
    expect(config.passwordHashCost).toEqual({ memoryKiB: 19456, iterations: 2, parallelism: 1 });
  });

  it.each([
    [{ PASSWORD_HASH_MEMORY_KIB: '19455' }, /PASSWORD_HASH_MEMORY_KIB/],
    [{ PASSWORD_HASH_MEMORY_KIB: 'lots' }, /PASSWORD_HASH_MEMORY_KIB/],
    [{ PASSWORD_HASH_ITERATIONS: '1' }, /PASSWORD_HASH_ITERATIONS/],
    [{ PASSWORD_HASH_PARALLELISM: '0' }, /PASSWORD_HASH_PARALLELISM/],
  ])('refuses less than OWASP minimum, or no number, at start-up (%j)', (env, message) => {
    expect(() => loadAppConfig(env)).toThrow(message);
  });
});
