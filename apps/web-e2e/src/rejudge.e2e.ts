import { Browser } from 'playwright-core';

import { adminApi, ApiCall, pythonProblem } from './admin-page';
import { appUnderTest } from './app-under-test';
import { launchBrowser, logIn, screenshot } from './browser';

// Right on the first tests, wrong once they change.
const FIVE = 'print(5)';

describe('rejudging in the browser', () => {
  const app = appUnderTest();
  let browser: Browser;
  let call: ApiCall;

  beforeAll(async () => {
    browser = await launchBrowser();
    call = await adminApi(app);
  });
  afterAll(() => browser.close());

  const problem = (output: string) => pythonProblem('Five', 'Print the sum.', { input: '2 3\n', output });

  it('on a 375 px phone an admin rejudges a problem after a test change, follows it, and the counts drop', async () => {
    const { problemId } = await call('POST', '/api/problems', problem('5\n'));
    for (let i = 0; i < 3; i++) await call('POST', '/api/submissions', { problemId, languageId: 71, sourceCode: FIVE });

    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await logIn(page, app.admin.username, app.admin.password);
    await page.goto(`/problems/${problemId}`);
    await page.getByText('3 submissions · 3 accepted').waitFor({ timeout: 60_000 });

    await call('PUT', `/api/problems/${problemId}`, problem('6\n'));
    await page.getByRole('button', { name: 'Rejudge all' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rejudge all submissions' });
    await confirm.getByRole('button', { name: 'Rejudge all' }).click();
    await page.getByText('Rejudged 3 submissions.').waitFor({ timeout: 60_000 });
    await page.getByText('3 submissions · 0 accepted').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await screenshot(page, 'problem-rejudged-375');

    await page.locator('.live-list tbody tr').first().getByRole('button', { name: 'Details' }).click();
    const details = page.getByRole('dialog', { name: 'Submission Details' });
    await details.getByRole('button', { name: 'Rejudge' }).click();
    await details.getByText('Rejudged.').waitFor({ timeout: 60_000 });
    await details.locator('dl').getByText('Wrong Answer').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await screenshot(page, 'submission-rejudged-375');
    await details.getByRole('button', { name: 'Close' }).click();
    // The live verdict of a rejudged submission replaces one the counts hold: never counted as a new one.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await page.locator('.problem-head .row .muted').first().textContent()).toMatch(/^3 submissions · 0 accepted/);
    await context.close();
  });
});
