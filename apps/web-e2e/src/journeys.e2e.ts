import { Browser, Page } from 'playwright-core';

import { appUnderTest } from './app-under-test';
import { enterSolution, launchBrowser, screenshot } from './browser';

const CPP_SUM = '#include <iostream>\nint main(){long long a,b;std::cin>>a>>b;std::cout<<a+b<<"\\n";}';

describe('browser journeys', () => {
  const app = appUnderTest();
  let browser: Browser;
  const username = `e2e_${Date.now().toString(36)}`;
  const password = 'e2e-password-1';

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 1280, height: 900 } });
    return context.newPage();
  }

  async function login(page: Page, name: string, pass: string): Promise<void> {
    await page.goto('/login');
    await page.getByLabel('Username or Email').fill(name);
    await page.getByLabel('Password').fill(pass);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: `${name} ▾` }).waitFor();
  }

  /** Records every status the newest row of the panel shows, so transitions between renders are not missed. */
  async function watchNewestRow(page: Page): Promise<void> {
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __statuses: string[] }).__statuses = seen;
      const record = () => {
        const badge = document.querySelector('.live-list tbody tr:first-child .status-cell .badge');
        const text = badge?.textContent ?? '';
        if (text && seen[seen.length - 1] !== text) seen.push(text);
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  }

  async function submit(page: Page, languageLabel: RegExp, source: string): Promise<void> {
    await enterSolution(page, languageLabel, source);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
  }

  it('a guest sees the home page, the archive and the login prompt on a problem', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Announcements' }).waitFor();
    await page.getByText('Welcome to the Online Judge').waitFor();
    await screenshot(page, 'home');
    await page.getByRole('link', { name: 'Problems', exact: true }).click();
    await page.getByRole('heading', { name: 'Problem Archive' }).waitFor();
    await page.getByRole('link', { name: 'A + B' }).waitFor();
    await screenshot(page, 'problems');
    await page.getByRole('link', { name: 'A + B' }).click();
    await page.getByRole('heading', { name: 'Statement' }).waitFor();
    await page.getByText('to submit a solution.').waitFor();
    // The Markdown and math renderer is a chunk of its own: the statement is typeset once it has loaded.
    await page.locator('.katex').first().waitFor();
    await page.context().close();
  });

  const PHONE_PAGES = [
    ['/', 'Announcements', 'home'],
    ['/problems', 'Problem Archive', 'problems'],
    ['/problems/1', 'Statement', 'problem'],
  ] as const;

  async function expectNoSidewaysScroll(page: Page, who: string): Promise<void> {
    for (const [path, ready, name] of PHONE_PAGES) {
      await page.goto(path);
      await page.getByRole('heading', { name: ready }).waitFor();
      await screenshot(page, `${name}-375-${who}`);
      expect({ path, width: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ path, width: 375 });
    }
  }

  it('fits a 375 px wide phone without sideways scrolling', async () => {
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await expectNoSidewaysScroll(page, 'guest');
    // Admins see more on the same pages: the announcement form, test-case tables, action buttons.
    await login(page, app.admin.username, app.admin.password);
    await expectNoSidewaysScroll(page, 'admin');
    await context.close();
  });

  it('a new user registers, lands on the dashboard, logs out and back in', async () => {
    const page = await newPage();
    await page.goto('/register');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await screenshot(page, 'dashboard');
    await page.getByRole('button', { name: `${username} ▾` }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    await login(page, username, password);

    // A guest sent to /login comes back to where they were going; a non-admin is kept out of admin pages.
    await page.getByRole('button', { name: `${username} ▾` }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    await page.goto('/settings');
    await page.waitForURL('**/login');
    await page.getByLabel('Username or Email').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.goto('/admin/users');
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('submits accepted C++ and watches Queued → Grading… → Accepted live; a wrong answer shows its score; details open', async () => {
    const page = await newPage();
    await login(page, username, password);
    await page.goto('/problems/1');
    await page.getByRole('heading', { name: 'Submit Solution' }).waitFor();
    await page.locator('.live-list').waitFor();
    // From 1100 px the statement and the editor sit side by side.
    const statement = await page.locator('.problem-statement').boundingBox();
    const work = await page.locator('.problem-work').boundingBox();
    expect(statement && work && work.x >= statement.x + statement.width && work.y < statement.y + 200).toBe(true);
    // Tab indents in the editor and keeps the focus there.
    const editor = page.locator('[data-testid="source-editor"] .cm-content');
    await editor.click();
    await page.keyboard.press('Tab');
    expect(await editor.textContent()).toMatch(/^\s+$/);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('cm-content'))).toBe(true);
    await watchNewestRow(page);
    await submit(page, /^C\+\+/, CPP_SUM);
    const accepted = page.locator('.live-list tbody tr').first().getByText('Accepted', { exact: true });
    await accepted.waitFor({ timeout: 60_000 });
    const statuses = await page.evaluate(() => (window as unknown as { __statuses: string[] }).__statuses);
    expect(statuses[statuses.length - 1]).toBe('Accepted');
    expect(statuses.some((s) => s === 'Queued' || s === 'Grading…')).toBe(true);
    expect(statuses.indexOf('Queued') <= Math.max(0, statuses.indexOf('Grading…'))).toBe(true);
    await screenshot(page, 'problem-accepted');

    await submit(page, /^Python/, 'print(3)');
    const row = page.locator('.live-list tbody tr').first();
    // Where it failed, as Codeforces says it, and the score written as on the submission's page.
    await row.getByText(/^Wrong Answer on test \d+$/).waitFor({ timeout: 60_000 });
    expect(await row.locator('td.score-cell').textContent()).toBe('10%');

    await row.getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submission Details' });
    await dialog.waitFor();
    await dialog.getByText('print(3)').waitFor();
    await screenshot(page, 'submission-details');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.context().close();
  });

  it('on a 375 px phone a user solves a problem and sees the verdict without scrolling sideways; links and filters survive', async () => {
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await login(page, username, password);
    await page.goto('/problems/1');
    await page.getByRole('heading', { name: 'Submit Solution' }).waitFor();
    await page.locator('.live-list').waitFor();
    await submit(page, /^Python/, 'a, b = map(int, input().split())\nprint(a + b)');
    const row = page.locator('.live-list tbody tr').first();
    await row.getByText('Accepted', { exact: true }).waitFor({ timeout: 60_000 });
    // The verdict and score are in view on the phone's width, and nothing scrolls sideways.
    for (const cell of ['.status-cell .badge', 'td.score-cell']) {
      const box = await row.locator(cell).boundingBox();
      expect({ cell, inView: !!box && box.x >= 0 && box.x + box.width <= 375 }).toEqual({ cell, inView: true });
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await screenshot(page, 'problem-verdict-375');

    // A submission's page opens from a copied link (the details dialog's title).
    await row.getByRole('button', { name: 'Details' }).click();
    const href = await page
      .getByRole('dialog', { name: 'Submission Details' })
      .getByRole('link', { name: 'Submission Details' })
      .getAttribute('href');
    expect(href).toMatch(/^\/submissions\/[0-9a-f-]{36}$/);
    const linked = await context.newPage();
    await linked.goto(href as string);
    await linked.getByRole('heading', { name: 'Submission Details' }).waitFor();
    await linked.getByText('Accepted', { exact: true }).first().waitFor();
    await linked.getByText('print(a + b)').waitFor();
    await screenshot(linked, 'submission-page-375');

    // A filtered /submissions view survives a reload.
    await linked.goto('/submissions');
    await linked.getByLabel('Status').selectOption('accepted');
    await linked.getByLabel('User').fill(username);
    await linked.waitForURL((url) => url.searchParams.get('user') === username && url.searchParams.get('status') === 'accepted');
    await linked.reload();
    await linked.locator('.live-list tbody tr').first().waitFor();
    expect(await linked.getByLabel('User').inputValue()).toBe(username);
    expect(await linked.getByLabel('Status').inputValue()).toBe('accepted');
    const users = await linked.locator('.live-list tbody td[data-label="User"]').allTextContents();
    expect(users.length).toBeGreaterThan(0);
    expect(new Set(users)).toEqual(new Set([username]));
    await context.close();
  });

  it('keeps a screenshot of every screen at 1280 and 375 px, none scrolling sideways on the phone', async () => {
    for (const width of [1280, 375]) {
      const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Login' }).waitFor();
      await screenshot(page, `screen-login-${width}`);
      await page.goto('/register');
      await page.getByRole('heading', { name: 'Create Account' }).waitFor();
      await screenshot(page, `screen-register-${width}`);
      await login(page, app.admin.username, app.admin.password);
      const screens: [string, string, string][] = [
        ['home', '/', 'Announcements'],
        ['problems', '/problems', 'Problem Archive'],
        ['problem', '/problems/1', 'Statement'],
        ['dashboard', '/dashboard', 'Dashboard'],
        ['user-dashboard', `/u/${app.admin.username}`, 'Solved'],
        ['submissions', '/submissions', 'Submissions'],
        ['settings', '/settings', 'Settings'],
        ['create-problem', '/admin/create', 'Create Problem'],
        ['edit-problem', '/problems/1/edit', 'Edit problem'],
        ['user-management', '/admin/users', 'User Management'],
      ];
      for (const [name, path, heading] of screens) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading }).first().waitFor();
        // Shown once loaded: no 'Loading…' text and no lazy part still in its skeleton.
        await page.waitForFunction(() => !document.body.innerText.includes('Loading…') && !document.querySelector('[aria-busy="true"]'));
        await screenshot(page, `screen-${name}-${width}`);
        if (width === 375)
          expect({ path, width: await page.evaluate(() => document.documentElement.scrollWidth) }).toEqual({ path, width });
      }
      await context.close();
    }
  });

  it('toggles profile privacy, and it sticks', async () => {
    const page = await newPage();
    await login(page, username, password);
    await page.goto('/settings');
    const box = page.getByLabel('Public profile');
    expect(await box.isChecked()).toBe(true);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/users/me/profile') && r.request().method() === 'PUT');
    await box.uncheck();
    expect((await saved).status()).toBe(200);
    await screenshot(page, 'settings');
    await page.reload();
    expect(await page.getByLabel('Public profile').isChecked()).toBe(false);
    await page.goto(`/u/${username}`);
    await page.getByRole('heading', { name: 'Solved' }).waitFor();
    await page.context().close();
    const guest = await newPage();
    await guest.goto(`/u/${username}`);
    await guest.getByText('This profile is private.').waitFor();
    await guest.context().close();
  });

  it('an admin hides a problem, and a guest no longer finds it', async () => {
    const page = await newPage();
    await login(page, app.admin.username, app.admin.password);
    await page.goto('/problems');
    const row = page.locator('tr', { has: page.getByRole('link', { name: 'Balanced Brackets' }) });
    await row.getByRole('button', { name: 'Make Private' }).click();
    await row.getByText('Private', { exact: true }).waitFor();
    await page.goto('/submissions');
    await page.getByRole('heading', { name: 'Submissions' }).waitFor();
    await screenshot(page, 'submissions');
    await page.context().close();

    const guest = await newPage();
    await guest.goto('/problems');
    await guest.getByRole('link', { name: 'A + B' }).waitFor();
    expect(await guest.getByRole('link', { name: 'Balanced Brackets' }).count()).toBe(0);
    await guest.goto('/problems/5');
    await guest.getByText('Problem not found.').waitFor();
    await guest.context().close();
  });
});
