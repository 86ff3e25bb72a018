import { Browser, Page } from 'playwright-core';

import { adminApi, ApiCall, pythonProblem } from './admin-page';
import { appUnderTest } from './app-under-test';
import { launchBrowser, screenshot } from './browser';

const ECHO = 'print(input())';

/**
 * Issue 33, defect 13: the archive's Next starts the new page at its top; "Solves" counts people, not accepted
 * submissions; a "Hide tags" switch the browser remembers; several tags at once, in the URL.
 */
describe('the problem archive', () => {
  const app = appUnderTest();
  let browser: Browser;
  let call: ApiCall;
  const stamp = Date.now().toString(36);
  const [tagA, tagB] = [`arch-a-${stamp}`, `arch-b-${stamp}`];
  let both: number;
  let onlyA: number;

  beforeAll(async () => {
    browser = await launchBrowser();
    call = await adminApi(app);
    // Past one page of 100, whatever the other journeys created.
    const { total } = (await call('GET', '/api/problems?limit=1')) as { total: number };
    for (let i = total; i < 105; i++)
      await call('POST', '/api/problems', pythonProblem(`Filler ${i}`, 'Filler.', { input: '1\n', output: '1\n' }));
    const tagged = (title: string, tags: string[]) =>
      call('POST', '/api/problems', { ...pythonProblem(title, 'Echo.', { input: '5\n', output: '5\n' }), tags });
    both = (await tagged('Both tags', [tagA, tagB])).problemId as number;
    onlyA = (await tagged('One tag', [tagA])).problemId as number;
    // One person, two accepted submissions: one solver.
    for (let i = 0; i < 2; i++) await call('POST', '/api/submissions', { problemId: both, languageId: 71, sourceCode: ECHO });
    for (let i = 0; i < 120; i++) {
      const problem = (await call('GET', `/api/problems/${both}`)) as { acceptedSubmissionCount: number };
      if (problem.acceptedSubmissionCount === 2) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error('the two submissions were not judged');
  });
  afterAll(() => browser.close());

  async function newPage(width: number): Promise<Page> {
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width, height: 800 } });
    return context.newPage();
  }

  it.each([1280, 375])('Next shows the new page from its top at %i px', async (width) => {
    const page = await newPage(width);
    await page.goto('/problems');
    await page.getByRole('heading', { name: 'Problem Archive' }).waitFor();
    const next = page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' });
    await next.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await next.click();
    await page.getByText(/^Page 2 of \d+$/).waitFor();
    await page.waitForURL(/page=2/);
    await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: 5_000 });
    await screenshot(page, `archive-page-2-${width}`);
    await page.context().close();
  });

  it('counts one solver for one person’s two accepted submissions, sorted by solves', async () => {
    const page = await newPage(1280);
    await page.goto(`/problems?tag=${tagA}&sort=solves&order=desc`);
    const row = page.locator('tbody tr', { has: page.getByRole('link', { name: /^Both tags/ }) });
    await row.waitFor();
    expect(await row.locator('[data-label="Submissions"]').textContent()).toBe('2');
    expect(await row.locator('[data-label="Solves"]').textContent()).toBe('1');
    expect(await row.locator('[data-label="AC Rate"]').textContent()).toBe('100%');
    await page.context().close();
  });

  it('requires every tag clicked, keeps them in the URL, and hides tags behind a remembered switch (375 px)', async () => {
    const page = await newPage(375);
    await page.goto(`/problems?tag=${tagA}`);
    const titles = page.locator('tbody tr td[data-label="Title"] a');
    await page.getByRole('link', { name: /^One tag/ }).waitFor();
    expect(await titles.count()).toBe(2);
    await page.getByRole('button', { name: `Only problems tagged ${tagB}` }).click();
    await page.waitForURL((url) => url.searchParams.getAll('tag').join() === `${tagA},${tagB}`);
    await page.getByRole('link', { name: /^One tag/ }).waitFor({ state: 'detached' });
    expect(await titles.allTextContents()).toEqual([expect.stringMatching(/^Both tags/)]);
    await page.getByRole('button', { name: `Remove the tag filter ${tagA}` }).waitFor();
    await page.getByRole('button', { name: `Remove the tag filter ${tagB}` }).waitFor();
    // A link with the tags comma-separated reaches the same view.
    await page.goto(`/problems?tag=${tagB},${tagA}`);
    await page.getByRole('link', { name: /^Both tags/ }).waitFor();
    expect(await titles.count()).toBe(1);
    expect(both).not.toBe(onlyA);

    // Spoiler-free: the switch hides every row's tags, and stays on after a reload.
    const tagButton = page.getByRole('button', { name: `Only problems tagged ${tagA}` });
    await tagButton.waitFor();
    await page.getByLabel('Hide tags').check();
    await tagButton.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('link', { name: /^Both tags/ }).waitFor();
    expect(await page.getByLabel('Hide tags').isChecked()).toBe(true);
    expect(await page.locator('.problem-tags').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'archive-tags-hidden-375');
    await page.context().close();
  });
});
