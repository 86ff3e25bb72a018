import { Browser, Page } from 'playwright-core';

import { adminApi, adminPage, ApiCall, pythonProblem } from './admin-page';
import { appUnderTest } from './app-under-test';
import { failingViolations } from './axe';
import { launchBrowser, logIn, screenshot } from './browser';
import { MINUTE, newAccount, registerThroughApi, submitThroughApi } from './contest-kit';

/** A solution, the same with every name renamed and a comment added, and one written otherwise. */
const ORIGINAL = `import sys

def main():
    data = sys.stdin.read().split()
    first, second = int(data[0]), int(data[1])
    total = first + second
    if total > 1000:
        print("big", total)
    else:
        print(total)

main()
`;
const COPY = `import sys
# my solution
def run():
    words = sys.stdin.read().split()
    a, b = int(words[0]), int(words[1])
    s = a + b
    if s > 1000:
        print("big", s)
    else:
        print(s)

run()
`;
const OTHER = 'print(sum(map(int, input().split())))\n';

/** Issue 36: an admin starts a contest's similarity report, follows it, filters the pairs and compares one. */
describe('similarity reports in the browser', () => {
  const app = appUnderTest();
  let browser: Browser;
  let call: ApiCall;
  let contestId: number;
  let problemId: number;
  let contestTitle: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    call = await adminApi(app);
    ({ problemId } = (await call('POST', '/api/problems', pythonProblem('Sum', 'Print a + b.', { input: '2 3\n', output: '5\n' }))) as {
      problemId: number;
    });
    const now = Date.now();
    contestTitle = `Copied ${now.toString(36)}`;
    ({ contestId } = (await call('POST', '/api/contests', {
      title: contestTitle,
      description: '',
      format: 'icpc',
      startsAt: new Date(now - 10 * MINUTE).toISOString(),
      endsAt: new Date(now + 60 * MINUTE).toISOString(),
      problems: [{ problemId }],
    })) as { contestId: number });
    for (const [name, source] of [
      ['orig', ORIGINAL],
      ['copier', COPY],
      ['other', OTHER],
    ]) {
      const account = await newAccount(app, name);
      await registerThroughApi(app, account, contestId);
      await submitThroughApi(app, account, contestId, problemId, source);
    }
  });
  afterAll(() => browser.close());

  const noViolations = async (page: Page, screen: string) => expect(await failingViolations(page, screen)).toEqual([]);

  it('starts a report, lists the copied pair, filters it and shows both sources with the shared code marked', async () => {
    const page = await adminPage(browser, app, { width: 1280, height: 900 });
    await page.goto(`/contests/${contestId}`);
    await page.getByRole('link', { name: 'Similarity' }).click();
    await page.getByRole('button', { name: 'Start a report' }).click();
    const table = page.getByRole('region', { name: 'Similar pairs table' });
    await table.waitFor({ timeout: 60_000 });
    await expect(table.locator('tbody tr').count()).resolves.toBe(1);
    await expect(table.locator('tbody tr td').nth(2).textContent()).resolves.toMatch(/^orig\w+ · copier\w+$/);
    await noViolations(page, 'similarity report');
    await screenshot(page, 'similarity-report-1280');

    // The filters keep the pair: over 50 % similar, in Python (pair-filter.spec.ts covers what they leave out).
    await page.getByLabel('Minimum similarity (%)').fill('50');
    await page.getByText('1 of 1 pairs').waitFor();
    await page.getByLabel('Language').selectOption('Python');
    await page.getByText('1 of 1 pairs').waitFor();

    await table.getByRole('link', { name: 'Compare' }).click();
    const left = page.getByRole('region', { name: /^orig\w+'s source/ });
    const right = page.getByRole('region', { name: /^copier\w+'s source/ });
    // Each pane marks its shared code once its source has arrived: wait for a mark in each, as a reader would.
    await left.locator('mark').first().waitFor();
    await right.locator('mark').first().waitFor();
    await expect(left.locator('mark').first().textContent()).resolves.toContain('sys.stdin.read().split()');
    await expect(right.locator('mark').first().textContent()).resolves.toContain('words = sys.stdin.read().split()');
    // Side by side on a wide screen; each source a keyboard stop.
    const [l, r] = [await left.boundingBox(), await right.boundingBox()];
    expect(r!.x).toBeGreaterThan(l!.x + l!.width - 1);
    await left.focus();
    await expect(page.evaluate(() => document.activeElement?.getAttribute('role'))).resolves.toBe('region');
    await noViolations(page, 'similarity pair 1280');
    await screenshot(page, 'similarity-pair-1280');
    await page.context().close();
  });

  it("finds earlier reports from the admin menu, a contest's or a problem's over a range, and opens each", async () => {
    const now = Date.now();
    const range = { from: new Date(now - 60 * MINUTE).toISOString(), to: new Date(now + 60 * MINUTE).toISOString() };
    await call('POST', `/api/problems/${problemId}/similarity-reports`, range);
    const page = await adminPage(browser, app, { width: 1280, height: 900 });
    await page.goto('/');
    await page.getByRole('button', { name: new RegExp(app.admin.username) }).click();
    await page.getByRole('menuitem', { name: 'Similarity Reports' }).click();
    const list = page.getByTestId('similarity-report-list');
    await list.waitFor();
    await noViolations(page, 'similarity report list');
    await page.getByLabel('Contest id').fill(String(contestId));
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(`**/similarity-reports?contestId=${contestId}`);
    const contestRow = list
      .locator('tbody tr')
      .filter({ hasText: `Contest: ${contestTitle}` })
      .first();
    await contestRow.getByRole('link', { name: /^Open/ }).click();
    await page.getByRole('region', { name: 'Similar pairs table' }).waitFor({ timeout: 60_000 });
    await expect(page.getByRole('link', { name: `contest #${contestId}` }).count()).resolves.toBe(1);

    await page.goto(`/similarity-reports?problemId=${problemId}`);
    const problemRow = list.locator('tbody tr').filter({ hasText: 'Problem: Sum' });
    await problemRow.waitFor();
    await expect(list.locator('tbody tr').count()).resolves.toBe(1);
    await problemRow.getByRole('link', { name: /^Open/ }).click();
    await page.getByText(`problem #${problemId}`).waitFor();
    await page.getByText(/submissions? compared/).waitFor({ timeout: 60_000 });
    await noViolations(page, 'problem similarity report');
    await page.context().close();
  });

  it('on a 375 px phone in the dark the two sources stack, the page does not scroll sideways, and axe is clean', async () => {
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 375, height: 800 }, colorScheme: 'dark' });
    const page = await context.newPage();
    await logIn(page, app.admin.username, app.admin.password);
    await page.goto(`/contests/${contestId}/similarity`);
    const table = page.getByRole('region', { name: 'Similar pairs table' });
    await table.waitFor({ timeout: 60_000 });
    await noViolations(page, 'similarity report 375 dark');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await table.getByRole('link', { name: 'Compare' }).click();
    const left = page.getByRole('region', { name: /^orig\w+'s source/ });
    const right = page.getByRole('region', { name: /^copier\w+'s source/ });
    await right.waitFor();
    const [l, r] = [await left.boundingBox(), await right.boundingBox()];
    expect(r!.y).toBeGreaterThanOrEqual(l!.y + l!.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await noViolations(page, 'similarity pair 375 dark');
    await screenshot(page, 'similarity-pair-375-dark');
    await context.close();
  });
});
