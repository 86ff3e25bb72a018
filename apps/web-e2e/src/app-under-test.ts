/** Where global setup records the running application for the journeys and the teardown. */
export const STATE_ENV = 'OJ_E2E_APP';

export interface AppUnderTest {
  baseUrl: string;
  databaseUrl: string;
  /** The Redis server and the prefix of every key the app writes there, which the teardown removes. */
  redis: { url: string; prefix: string };
  pid: number;
  admin: { username: string; password: string };
}

/**
 * Global setup keeps the state in an environment variable rather than a shared file, so parallel runs on one
 * machine never read each other's app (the test files run in the same process or in workers it starts later).
 */
export function recordAppUnderTest(state: AppUnderTest): void {
  process.env[STATE_ENV] = JSON.stringify(state);
}

export function appUnderTest(): AppUnderTest {
  const raw = process.env[STATE_ENV];
  if (!raw) throw new Error('The app under test was not started (global setup did not run).');
  return JSON.parse(raw);
}
