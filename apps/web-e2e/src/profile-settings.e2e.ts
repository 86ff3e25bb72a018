import { Browser, Page } from 'playwright-core';

import { registerAccount } from './admin-page';
import { appUnderTest } from './app-under-test';
import { launchBrowser, logIn, screenshot } from './browser';

const ACCEPTED = 'a, b = map(int, input().split())\nprint(a + b)\n';
const WRONG = 'a, b = map(int, input().split())\nprint(a - b)\n';

/**
 * Issue 22 "What they expect and do not find": a public profile a guest can read, editor settings that follow the
 * user to the problem page after a reload, and copying and comparing one's own submissions.
 */
describe('profiles, editor settings and submission conveniences', () => {
  const app = appUnderTest();
  let browser: Browser;
  const user = { username: `prof${Date.now().toString(36)}`, password: 'profile-password-1' };
  let token: string;
  let acceptedId: string;
  let wrongId: string;

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}`);
    return res.json();
  };

  /** Submits to problem 1 (A + B) in Python and waits for the judge's verdict. */
  async function judged(source: string, status: string): Promise<string> {
    const { submissionId } = await api('POST', '/api/submissions', { problemId: 1, languageId: 71, sourceCode: source });
    for (let i = 0; i < 120; i++) {
      const { submission } = await api('GET', `/api/submissions/${submissionId}`);
      if (!['queued', 'running'].includes(submission.status)) {
        expect(submission.status).toBe(status);
        return submissionId;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`submission ${submissionId} was not judged`);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await registerAccount(app, user);
    wrongId = await judged(WRONG, 'wrong_answer');
    acceptedId = await judged(ACCEPTED, 'accepted');
  });
  afterAll(() => browser.close());

  async function newPage(width = 1280, permissions: string[] = []): Promise<Page> {
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width, height: 900 }, permissions });
    return context.newPage();
  }

  it.each([1280, 375])("shows a guest the profile's solved count, recent accepted and languages at %i px", async (width) => {
    const page = await newPage(width);
    await page.goto(`/u/${user.username}`);
    await page.getByRole('heading', { level: 1, name: user.username }).waitFor();
    const solved = page.locator('.stat', { hasText: 'Problems solved' });
    expect(await solved.locator('.stat-value').textContent()).toBe('1');
    const recent = page.getByRole('region', { name: 'Recent accepted' });
    await recent.getByRole('link', { name: 'A + B', exact: true }).waitFor();
    expect(await recent.locator('tbody tr').count()).toBe(1);
    expect(await recent.locator('tbody tr').first().textContent()).toMatch(/Python/);
    const python = page.getByRole('region', { name: 'Languages' }).locator('tbody tr', { hasText: 'Python' });
    expect(await python.locator('td').allTextContents()).toEqual([expect.stringMatching(/^Python/), '2', '1', '50%']);
    await page.locator('.heatmap .cell.level-1').first().waitFor();
    // Nothing wider than the screen: the tables turn into cards on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, `profile-${width}`);
    await page.context().close();
  });

  it('sets a default language and the font size, which the editor uses after a reload', async () => {
    const page = await newPage();
    await logIn(page, user.username, user.password);
    await page.goto('/settings');
    const card = page.locator('form', { has: page.getByRole('heading', { name: 'Editor' }) });
    const language = card.getByLabel('Default language');
    await language
      .locator('option', { hasText: /^C\+\+/ })
      .first()
      .waitFor({ state: 'attached' });
    const cpp = (await language
      .locator('option', { hasText: /^C\+\+/ })
      .first()
      .getAttribute('value')) as string;
    await language.selectOption(cpp);
    await card.getByLabel('Editor font size (px)').fill('19');
    await card.getByRole('button', { name: 'Save editor settings' }).click();
    await card.getByText('Editor settings saved.').waitFor();

    await page.goto('/problems/1');
    await page.reload();
    const editor = page.locator('[data-testid="source-editor"] .cm-content');
    await editor.waitFor();
    await page.waitForFunction((id) => (document.querySelector('select[name="language"]') as HTMLSelectElement)?.value === id, cpp);
    expect(await editor.evaluate((node) => getComputedStyle(node).fontSize)).toBe('19px');
    await screenshot(page, 'editor-settings');
    await page.context().close();
  });

  it('copies the source and compares two of the user’s submissions', async () => {
    const page = await newPage(1280, ['clipboard-read', 'clipboard-write']);
    await logIn(page, user.username, user.password);
    await page.goto(`/submissions/${acceptedId}`);
    await page.locator('[data-testid="source-view"] .cm-content').waitFor();
    await page.getByRole('button', { name: 'Copy source' }).click();
    await page.getByRole('button', { name: 'source copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ACCEPTED);

    const pick = page.getByLabel('Compare with…');
    const option = pick.locator('option', { hasText: 'Wrong Answer' });
    await option.waitFor({ state: 'attached' });
    expect(await pick.locator('option').count()).toBe(2);
    await pick.selectOption((await option.getAttribute('value')) as string);
    expect(await option.getAttribute('value')).toBe(wrongId);
    const diff = page.getByRole('region', { name: 'Differences between the two sources' });
    await diff.waitFor();
    expect(await diff.locator('tr.diff-removed .diff-code').allTextContents()).toEqual(['print(a - b)']);
    expect(await diff.locator('tr.diff-added .diff-code').allTextContents()).toEqual(['print(a + b)']);
    await screenshot(page, 'submission-compare');
    await page.context().close();
  });
});
