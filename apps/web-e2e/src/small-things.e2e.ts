import { Browser, Locator, Page } from 'playwright-core';

import { adminApi, adminPage, ApiCall, pythonProblem, registerAccount } from './admin-page';
import { appUnderTest } from './app-under-test';
import { launchBrowser, logIn, screenshot } from './browser';
import { polygonPackage } from './polygon-package';

const MINUTE = 60_000;

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Issue 33, defect 14: a clarification's notice goes by itself and never covers Run or Submit; a virtual run is
 * confirmed first; a package imported twice is warned about first; the Queue Board links back; the theme can follow
 * the system again.
 */
describe('small things of contest day', () => {
  const app = appUnderTest();
  let browser: Browser;
  let call: ApiCall;
  const stamp = Date.now().toString(36);
  let problemId: number;
  let users = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    call = await adminApi(app);
    problemId = (await call('POST', '/api/problems', pythonProblem('Small things', 'Echo.', { input: '1\n', output: '1\n' })))
      .problemId as number;
  });
  afterAll(() => browser.close());

  async function userPage(width: number): Promise<{ page: Page; token: string }> {
    const user = { username: `st${stamp}${(users += 1)}`, password: 'small-things-1' };
    const token = await registerAccount(app, user);
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width, height: 800 } });
    const page = await context.newPage();
    await logIn(page, user.username, user.password);
    return { page, token };
  }

  const contest = async (title: string, startMs: number, endMs: number) =>
    (
      await call('POST', '/api/contests', {
        title: `${title} ${stamp}`,
        description: 'One problem.',
        format: 'icpc',
        startsAt: new Date(Date.now() + startMs).toISOString(),
        endsAt: new Date(Date.now() + endMs).toISOString(),
        isPublic: true,
        problems: [{ problemId }],
      })
    ).contestId as number;

  it.each([375, 1280])('a notice leaves Run and Submit uncovered and goes by itself at %i px', async (width) => {
    const contestId = await contest(`Notices ${width}`, -10 * MINUTE, 60 * MINUTE);
    const { page, token } = await userPage(width);
    const registered = await fetch(`${app.baseUrl}/api/contests/${contestId}/register`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(registered.ok).toBe(true);
    const streaming = page.waitForRequest((request) => request.url().endsWith(`/api/contests/${contestId}/scoreboard/stream`));
    await page.goto(`/contests/${contestId}/problems/A`);
    await page.getByRole('heading', { name: 'Submit Solution' }).waitFor();
    await streaming;
    // The buttons at the bottom of the screen, where a notice used to sit.
    const submit = page.getByRole('button', { name: 'Submit', exact: true });
    const run = page.getByRole('button', { name: 'Run', exact: true });
    await submit.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 8));

    await call('POST', `/api/contests/${contestId}/clarifications`, { answer: `Read the input to its end (${width}).` });
    const toast = page.locator('.toast', { hasText: `Read the input to its end (${width}).` });
    await toast.waitFor({ timeout: 30_000 });
    await screenshot(page, `notice-beside-submit-${width}`);
    const box = async (locator: Locator) => (await locator.boundingBox()) as Box;
    expect(overlap(await box(toast), await box(submit))).toBe(false);
    expect(overlap(await box(toast), await box(run))).toBe(false);
    // Scrolled back up, the notice may take the bottom again, still clear of both.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(200);
    if (await toast.isVisible()) {
      expect(overlap(await box(toast), await box(submit))).toBe(false);
      expect(overlap(await box(toast), await box(run))).toBe(false);
    }
    await toast.waitFor({ state: 'detached', timeout: 15_000 });
    await page.context().close();
  });

  it('asks before starting the one virtual run (375 px)', async () => {
    const contestId = await contest('Virtual confirm', -120 * MINUTE, -60 * MINUTE);
    const { page } = await userPage(375);
    await page.goto(`/contests/${contestId}`);
    await page.getByRole('button', { name: 'Virtual' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start the virtual run?' });
    await dialog.getByText('you get only one virtual run of this contest').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('timer').count()).toBe(0);
    await page.getByRole('button', { name: 'Virtual' }).click();
    await dialog.getByRole('button', { name: 'Start the virtual run' }).click();
    await page
      .getByRole('timer')
      .filter({ hasText: /^Virtual run: time left/ })
      .waitFor();
    await page.context().close();
  });

  it('warns before importing the same package a second time', async () => {
    const page = await adminPage(browser, app, { width: 1280, height: 900 });
    await page.goto('/admin/create');
    await page.getByRole('heading', { name: 'Create Problem' }).waitFor();
    const title = `Twice ${stamp}`;
    const file = await polygonPackage(title);
    await page.getByLabel('Import package').setInputFiles(file);
    const first = page.getByRole('link', { name: new RegExp(`#\\d+ ${title}$`) });
    await first.waitFor();
    const firstName = (await first.textContent()) as string;
    await page.getByLabel('Import package').setInputFiles(file);
    const dialog = page.getByRole('dialog', { name: 'Import this package again?' });
    await dialog.getByText(`as ${firstName}`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    const { total } = (await call('GET', `/api/problems?q=${encodeURIComponent(title)}&visibility=all`)) as { total: number };
    expect(total).toBe(1);
    await page.context().close();
  });

  it('links the Queue Board back to the app, and lets the theme follow the system again', async () => {
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 1280, height: 900 }, colorScheme: 'dark' });
    const page = await context.newPage();
    await logIn(page, app.admin.username, app.admin.password);
    const toggle = page.getByRole('button', { name: 'Dark mode' });
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.getByRole('button', { name: 'Follow the system theme' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme ?? null)).toBeNull();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    expect(await page.getByRole('button', { name: 'Dark mode' }).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: `${app.admin.username} ▾` }).click();
    await page.getByRole('menuitem', { name: 'Queue Board' }).click();
    await page.waitForURL(/\/admin\/queues/);
    // Bull Board lists its header's extra links in the menu of its last header button.
    await page.locator('header ul[class*="actions"] > li').last().locator('button').click();
    await page.getByRole('menuitem', { name: 'Back to the judge' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: `${app.admin.username} ▾` }).waitFor();
    await context.close();
  });
});
