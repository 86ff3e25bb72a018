import { Browser, Page } from 'playwright-core';

import { AppUnderTest } from './app-under-test';
import { logIn } from './browser';

/** A page in a new browser context of the given size, signed in as the app's admin through the login form. */
export async function adminPage(browser: Browser, app: AppUnderTest, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport });
  const page = await context.newPage();
  await logIn(page, app.admin.username, app.admin.password);
  return page;
}

export type ApiCall = (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;

/** Calls the API as the app's admin, with a token from the login endpoint; any answer other than 2xx throws. */
export async function adminApi(app: AppUnderTest): Promise<ApiCall> {
  const login = await fetch(`${app.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ usernameOrEmail: app.admin.username, password: app.admin.password }),
  });
  const { accessToken } = await login.json();
  return async (method, path, body) => {
    const res = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}`);
    return res.json();
  };
}

/** A public Python problem with one test, for journeys that make their own through the API. */
export function pythonProblem(title: string, statement: string, test: { input: string; output: string }): Record<string, unknown> {
  return {
    title: `${title} ${Date.now().toString(36)}`,
    statement,
    difficulty: 'EASY',
    isPublic: true,
    inputFormat: '',
    outputFormat: '',
    constraints: '',
    judge0LanguageIds: [71],
    samples: [],
    testCases: [{ ...test, points: 1 }],
    algorithms: [],
    tags: [],
    cpuTimeLimit: 2,
    memoryLimit: 64,
  };
}

/** Registers a new user through the API and answers its access token. */
export async function registerAccount(app: AppUnderTest, user: { username: string; password: string }): Promise<string> {
  const registered = await fetch(`${app.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...user, email: `${user.username}@example.com`, confirmPassword: user.password }),
  });
  if (registered.status !== 201) throw new Error(`registering ${user.username} answered ${registered.status}`);
  return (await registered.json()).accessToken;
}
