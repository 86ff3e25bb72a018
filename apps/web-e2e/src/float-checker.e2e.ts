import { Browser } from 'playwright-core';

import { adminApi, adminPage, pythonProblem } from './admin-page';
import { appUnderTest } from './app-under-test';
import { enterSolution, launchBrowser, screenshot } from './browser';

/** Eleven digits where the answer has ten: a near miss the line checker refuses and a 1e-6 float checker accepts. */
const NEAR_MISS = 'input()\nprint("0.33333333334")';

describe('a float checker in the browser', () => {
  const app = appUnderTest();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  const createProblem = async (): Promise<number> => {
    const call = await adminApi(app);
    const created = await call(
      'POST',
      '/api/problems',
      pythonProblem('One third', 'Print $1/3$.', { input: '1 3\n', output: '0.3333333333\n' }),
    );
    return created.problemId as number;
  };

  it('an admin sets a float checker with epsilon 1e-6, and a near-miss answer is accepted', async () => {
    const problemId = await createProblem();
    const page = await adminPage(browser, app, { width: 1280, height: 900 });

    await page.goto(`/problems/${problemId}/edit`);
    await page.getByRole('heading', { name: 'Edit problem' }).waitFor();
    const checker = page.getByRole('region', { name: 'Checker' });
    await checker.getByLabel('Type').selectOption('float');
    await checker.getByLabel('Epsilon (absolute or relative)').fill('1e-6');
    await screenshot(page, 'problem-form-float-checker');
    await page.getByRole('button', { name: 'Update problem' }).click();
    await page.getByText('Problem updated').waitFor();

    await page.goto(`/problems/${problemId}`);
    await page.getByRole('heading', { name: 'Submit Solution' }).waitFor();
    await enterSolution(page, /^Python/, NEAR_MISS);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.locator('.live-list tbody tr').first().getByText('Accepted', { exact: true }).waitFor({ timeout: 60_000 });
    await screenshot(page, 'problem-float-accepted');
    await page.context().close();
  });
});
