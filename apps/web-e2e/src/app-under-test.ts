import { readFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

/** Where global setup records the running application for the journeys and the teardown. */
export const STATE_FILE = join(tmpdir(), 'oj-e2e-app.json');

export interface AppUnderTest {
  baseUrl: string;
  databaseUrl: string;
  pid: number;
  admin: { username: string; password: string };
}

export function appUnderTest(): AppUnderTest {
  return JSON.parse(readFileSync(STATE_FILE, 'utf8'));
}
