import { Browser, Page } from 'playwright-core';

import { adminApi, ApiCall } from './admin-page';
import { appUnderTest } from './app-under-test';
import { failingViolations } from './axe';
import { enterSolution, launchBrowser, logIn, screenshot } from './browser';

const WIDTHS = [1280, 375] as const;
const THEMES = ['light', 'dark'] as const;
const MINUTE = 60_000;
const SYNTAX_SAMPLE = [
  'import sys  # a comment',
  '@staticmethod',
  'def solve(a: int) -> None:',
  "    print(f'{a}\\n', r'\\d+', 0x1F, 3.5, True, None, sys.argv)",
  'class Answer(object):',
  '    pass',
].join('\n');

/**
 * axe-core on every screen (issue 22), as a guest, a user and an admin, with the dialogs open, at a desktop's and a
 * phone's width, in both colour schemes: no serious or critical violation anywhere.
 */
describe('accessibility of every screen', () => {
  const app = appUnderTest();
  let browser: Browser;
  let call: ApiCall;
  const suffix = Date.now().toString(36);
  const user = { username: `a11y${suffix}`, password: 'a11y-password-1' };
  let contestId: number;
  let submissionId: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    call = await adminApi(app);
    const registered = await fetch(`${app.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...user, email: `${user.username}@example.com`, confirmPassword: user.password }),
    });
    const { accessToken } = await registered.json();
    const submitted = await fetch(`${app.baseUrl}/api/submissions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ problemId: 1, languageId: 71, sourceCode: 'print(sum(map(int, input().split())))' }),
    });
    submissionId = (await submitted.json()).submissionId;
    // A second one, so the submission page has something to compare with.
    await fetch(`${app.baseUrl}/api/submissions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ problemId: 1, languageId: 71, sourceCode: 'a, b = map(int, input().split())\nprint(a - b)' }),
    });
    const now = Date.now();
    const contest = await call('POST', '/api/contests', {
      title: `Accessible ${suffix}`,
      description: 'One problem.',
      format: 'icpc',
      startsAt: new Date(now - 10 * MINUTE).toISOString(),
      endsAt: new Date(now + 60 * MINUTE).toISOString(),
      isPublic: true,
      problems: [{ problemId: 1 }],
    });
    contestId = contest.contestId as number;
  });
  afterAll(() => browser.close());

  /** Waits for the screen's heading and for its data (no "Loading…" left in the main content). */
  async function settled(page: Page): Promise<void> {
    await page.waitForFunction(() => {
      const main = document.querySelector('main');
      return !!main?.querySelector('h1') && !/Loading/.test(main.textContent ?? '');
    });
  }

  /**
   * Moves the loaded app to `path` through its router, as a link does, without reloading it: a reload costs about
   * eight times the CPU of the router's move (the whole app started again, axe injected again), and this journey
   * visits 19 screens in each of four passes (bench/BENCHMARKS.md, "On a machine with slow process starts"). Every
   * screen names itself in the document's title once it has rendered, so a new title means the new screen is in the
   * page (the router renders it in a transition, keeping the old one until the new one is ready). Two screens in a
   * row with one title would wait here until the test's timeout: a failure, never a check of the wrong screen.
   */
  async function navigateInApp(page: Page, path: string): Promise<void> {
    const before = await page.title();
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.waitForFunction(([to, old]) => window.location.pathname === to && document.title !== old, [path, before] as const);
  }

  /** The page's background, which the colour scheme sets. */
  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const BACKGROUNDS = { light: 'rgb(246, 247, 249)', dark: 'rgb(13, 17, 23)' };

  it('follows the system scheme until the header toggle picks one, which is remembered', async () => {
    const context = await browser.newContext({ baseURL: app.baseUrl, colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/');
    await settled(page);
    expect(await background(page)).toBe(BACKGROUNDS.dark);
    await page.getByRole('button', { name: 'Dark mode', pressed: true }).click();
    expect(await background(page)).toBe(BACKGROUNDS.light);
    await page.reload();
    await settled(page);
    expect(await background(page)).toBe(BACKGROUNDS.light);
    await page.getByRole('button', { name: 'Dark mode', pressed: false }).waitFor();
    await context.close();
  });

  describe.each(THEMES)('in the %s colour scheme', (colorScheme) => {
    it.each(WIDTHS)('at %i px', async (width) => {
      const found: string[] = [];
      const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width, height: 900 }, colorScheme });
      const page = await context.newPage();
      const check = async (screen: string) => found.push(...(await failingViolations(page, `${screen} @${width} ${colorScheme}`)));
      const visit = async (path: string, screen: string, ready?: string) => {
        if (page.url() === 'about:blank') await page.goto(path);
        else await navigateInApp(page, path);
        await settled(page);
        if (ready) await page.locator(ready).first().waitFor();
        await check(screen);
      };

      // A guest.
      await visit('/', 'home');
      expect(await background(page)).toBe(BACKGROUNDS[colorScheme]);
      await visit('/login', 'login');
      await visit('/register', 'register');
      await visit('/problems', 'archive', 'main table');
      await visit('/problems/1', 'problem (guest)', '.katex');
      await visit('/contests', 'contests');
      await visit('/ratings', 'ratings');
      await visit(`/contests/${contestId}`, 'contest');
      await visit(`/contests/${contestId}/scoreboard`, 'scoreboard');
      await visit(`/u/${user.username}`, 'public profile', '.profile .heatmap');
      if (width < 1000) {
        await page.getByRole('button', { name: 'Menu' }).click();
        await check('navigation menu open');
      }

      // A user.
      await logIn(page, user.username, user.password);
      await visit('/problems/1', 'problem (user)', '[data-testid="source-editor"] .cm-content');
      // Every kind of token the highlighter colours, each checked for contrast.
      await enterSolution(page, /Python/, SYNTAX_SAMPLE);
      await check('problem (user) with highlighted code');
      await screenshot(page, `a11y-problem-${width}-${colorScheme}`);
      await visit('/dashboard', 'dashboard', '.heatmap');
      await screenshot(page, `a11y-dashboard-${width}-${colorScheme}`);
      await visit('/submissions', 'submissions', '.live-list tbody tr');
      // The user's own row: other files' journeys submit on the same app meanwhile, and a user sees only their own source.
      const ownRow = page.locator('.live-list tbody tr').filter({ hasText: user.username }).first();
      await ownRow.getByRole('button', { name: 'Details' }).click();
      await page.getByRole('dialog', { name: 'Submission Details' }).locator('[data-testid="source-view"]').waitFor();
      await check('submission details dialog');
      await visit(`/submissions/${submissionId}`, 'submission page', '[data-testid="source-view"]');
      const compare = page.getByLabel('Compare with…');
      await compare.locator('option').nth(1).waitFor({ state: 'attached' });
      await compare.selectOption({ index: 1 });
      await page.getByRole('region', { name: 'Differences between the two sources' }).waitFor();
      await check('submission page comparing two submissions');
      await visit('/settings', 'settings', '.preferences');
      await page.getByLabel('Editor font size (px)').fill('99');
      await page.getByText('Font size must be a whole number').waitFor();
      await check('settings with an invalid font size');
      await page.getByRole('button', { name: `${user.username} ▾` }).click();
      await check('user menu open');
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.getByRole('link', { name: 'Login' }).waitFor();

      // An admin.
      await logIn(page, app.admin.username, app.admin.password);
      await visit('/problems/1', 'problem (admin)', '[data-testid="source-editor"] .cm-content');
      await visit('/problems/1/edit', 'edit problem');
      await visit('/admin/users', 'admin users', 'main table');
      await visit('/admin/create', 'create problem');
      const openDialog = async (button: string, screen: string) => {
        await page.getByRole('button', { name: button, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: button });
        await dialog.waitFor();
        await check(`create problem, ${screen} dialog`);
        return dialog;
      };
      // A saved test case, so Validate opens, and the tests table shows.
      const testCase = await openDialog('Add test case', 'test case');
      await testCase.getByLabel('Input').fill('1 2');
      await testCase.getByLabel('Output').fill('3');
      await testCase.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('button', { name: 'Edit test case 1' }).waitFor();
      await check('create problem with a test case');
      for (const [button, screen] of [
        ['Add sample', 'sample'],
        ['Validate Test Cases', 'validate'],
      ]) {
        await openDialog(button, screen);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
      await context.close();
      expect(found).toEqual([]);
    });
  });
});
