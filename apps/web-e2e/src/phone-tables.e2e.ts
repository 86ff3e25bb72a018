import { Browser, Locator, Page } from 'playwright-core';

import { adminApi, adminPage, pythonProblem } from './admin-page';
import { appUnderTest } from './app-under-test';
import { launchBrowser, screenshot } from './browser';

const PHONE = { width: 375, height: 800 };

/** Nothing wider than the phone: not the page, and no table scrolled out of view inside its wrapper. */
async function expectFitsPhone(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-375`);
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    tables: Array.from(document.querySelectorAll('.table-wrap')).map((w) => w.scrollWidth - w.clientWidth),
  }));
  expect({ name, ...widths }).toEqual({ name, page: PHONE.width, tables: widths.tables.map(() => 0) });
}

/** The element is on screen horizontally, not cut off at the right edge. */
async function expectInView(locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
}

describe('tables on a 375 px phone', () => {
  const app = appUnderTest();
  let browser: Browser;
  let problem: { problemId: number; title: string };
  let submissionId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const call = await adminApi(app);
    problem = (await call(
      'POST',
      '/api/problems',
      pythonProblem('Phone sum', 'Add.', { input: '1 2\n', output: '3\n' }),
    )) as typeof problem;
    ({ submissionId } = (await call('POST', '/api/submissions', {
      problemId: problem.problemId,
      languageId: 71,
      sourceCode: 'print(sum(map(int, input().split())))',
    })) as { submissionId: string });
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 500))) {
      const { submission } = (await call('GET', `/api/submissions/${submissionId}`)) as { submission: { status: string } };
      if (submission.status === 'accepted') return;
    }
    throw new Error('the submission was not accepted in time');
  });
  afterAll(() => browser.close());

  it('the archive, Admin Users and the tests table keep their key columns in view; the heatmap opens at this month', async () => {
    const page = await adminPage(browser, app, PHONE);

    await page.goto(`/problems?q=${encodeURIComponent(problem.title)}`);
    const title = page.getByRole('link', { name: problem.title });
    await title.waitFor();
    const row = page.locator('tr', { has: title });
    await row.getByRole('img', { name: 'Solved' }).waitFor();
    await expectFitsPhone(page, 'archive');
    for (const key of [title, row.getByText('EASY'), row.getByText('100%'), row.getByRole('img', { name: 'Solved' })])
      await expectInView(key);
    await expectInView(page.getByLabel('Sort by'));

    await page.goto('/admin/users');
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    const name = page.locator('td[data-label="Username"]').getByText(app.admin.username, { exact: true });
    const admin = page.locator('tbody tr', { has: name });
    await admin.waitFor();
    await expectFitsPhone(page, 'admin-users');
    for (const key of [name, admin.locator('td[data-label="Role"]'), admin.locator('td[data-label="Status"]')]) await expectInView(key);
    const other = page.locator('tbody tr', { has: page.getByRole('button', { name: /Promote|Demote/ }) }).first();
    if (await other.count()) await expectInView(other.getByRole('button', { name: 'Delete' }));

    await page.goto(`/submissions/${submissionId}`);
    await page.getByRole('heading', { name: 'Submission Details' }).waitFor();
    const test = page.locator('.test-results tbody tr').first();
    await test.waitFor();
    await expectFitsPhone(page, 'submission');
    for (const key of [test.getByText('#1'), test.getByText('Accepted')]) await expectInView(key);

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const today = new Date().toISOString().slice(0, 10);
    const cell = page.locator(`.heatmap [title^="${today}"]`);
    await cell.waitFor();
    await expectFitsPhone(page, 'dashboard');
    await expectInView(cell);
    await page.context().close();
  });
});
