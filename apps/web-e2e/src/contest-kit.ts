import { Browser, Page } from 'playwright-core';

import { ApiCall, pythonProblem } from './admin-page';
import { AppUnderTest } from './app-under-test';
import { logIn } from './browser';

export const MINUTE = 60_000;
/** A Python 3 solution of the journeys' "Print a + b." problems. */
export const SUM = 'a, b = map(int, input().split())\nprint(a + b)';

export interface Account {
  username: string;
  password: string;
  token: string;
}

let made = 0;

/** A user made through the API (`name` and a suffix of its own), for journeys about contests rather than sign-up. */
export async function newAccount(app: AppUnderTest, name: string): Promise<Account> {
  const username = `${name}${Date.now().toString(36).slice(-5)}${(made++).toString(36)}`;
  const password = 'contest-pass-1';
  const res = await fetch(`${app.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password, confirmPassword: password }),
  });
  if (!res.ok) throw new Error(`register ${username} answered ${res.status}`);
  return { username, password, token: (await res.json()).accessToken };
}

/** Calls the API as `account`; any answer other than 2xx throws. */
export function accountApi(app: AppUnderTest, account: Account): ApiCall {
  return async (method, path, body) => {
    const res = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}`);
    return res.status === 204 ? {} : res.json();
  };
}

/** Registers `account` for the contest through the API. */
export async function registerThroughApi(app: AppUnderTest, account: Account, contestId: number): Promise<void> {
  await accountApi(app, account)('POST', `/api/contests/${contestId}/register`, {});
}

/** Submits `SUM` (or `sourceCode`) to a contest problem through the API; the new submission's id. */
export async function submitThroughApi(
  app: AppUnderTest,
  account: Account,
  contestId: number,
  problemId: number,
  sourceCode = SUM,
): Promise<string> {
  const created = await accountApi(app, account)('POST', '/api/submissions', { problemId, languageId: 71, sourceCode, contestId });
  return created.submissionId as string;
}

/** Waits until the submission has its final status (as `call`'s account sees it), and returns it. */
export async function gradedStatus(call: ApiCall, submissionId: string): Promise<string> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
    const { submission } = (await call('GET', `/api/submissions/${submissionId}`)) as { submission: { status: string } };
    if (!['queued', 'running'].includes(submission.status)) return submission.status;
  }
  throw new Error(`submission ${submissionId} was not graded in time`);
}

/** A page in a new browser context `width` px wide, signed in as `account` through the login form. */
export async function accountPage(browser: Browser, app: AppUnderTest, account: Account, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await logIn(page, account.username, account.password);
  return page;
}

/** A page in a new browser context without a session. */
export async function guestPage(browser: Browser, app: AppUnderTest, width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width, height: 900 } });
  return context.newPage();
}

/** Public "Print a + b." problems in Python, one per title, made through the admin's API; their ids. */
export async function sumProblems(call: ApiCall, titles: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const title of titles)
    ids.push(
      (await call('POST', '/api/problems', pythonProblem(title, 'Print a + b.', { input: '2 3\n', output: '5\n' }))).problemId as number,
    );
  return ids;
}

/**
 * A public ICPC contest on `problems` (with `extra` fields) that began 40 minutes ago and ends in 20; `end()` moves its
 * end to now and waits past it, so the contest is over and open to virtual runs.
 */
export async function contestToEnd(
  call: ApiCall,
  problems: number[],
  title: string,
  extra: Record<string, unknown> = {},
): Promise<{ contestId: number; end: () => Promise<void> }> {
  const start = Date.now() - 40 * MINUTE;
  const body = (endsAt: number) => ({
    title,
    description: '',
    format: 'icpc',
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(endsAt).toISOString(),
    isPublic: true,
    problems: problems.map((problemId) => ({ problemId })),
    ...extra,
  });
  const { contestId } = (await call('POST', '/api/contests', body(Date.now() + 20 * MINUTE))) as { contestId: number };
  const end = async () => {
    await call('PUT', `/api/contests/${contestId}`, body(Date.now() + 1000));
    await new Promise((r) => setTimeout(r, 1500));
  };
  return { contestId, end };
}

/**
 * An ICPC contest on `problems` (two), frozen for its last 30 minutes, just ended and not unfrozen: cat solved one
 * problem, dan both, all inside the freeze, so the public board still shows three pending cells.
 */
export async function frozenAfterTheEnd(
  app: AppUnderTest,
  call: ApiCall,
  problems: number[],
  title: string,
): Promise<{ contestId: number; users: Account[] }> {
  const { contestId, end } = await contestToEnd(call, problems, title, { freezeMinutes: 30 });
  const users = [await newAccount(app, 'cat'), await newAccount(app, 'dan')];
  for (const u of users) await registerThroughApi(app, u, contestId);
  const ids = [
    await submitThroughApi(app, users[0], contestId, problems[0]),
    await submitThroughApi(app, users[1], contestId, problems[0]),
    await submitThroughApi(app, users[1], contestId, problems[1]),
  ];
  for (const id of ids) {
    const status = await gradedStatus(call, id);
    if (status !== 'accepted') throw new Error(`submission ${id} was ${status}`);
  }
  // The board stays frozen after the end until an admin unfreezes it.
  await end();
  return { contestId, users };
}
