import { Browser } from 'playwright-core';

import { adminPage } from './admin-page';
import { appUnderTest } from './app-under-test';
import { launchBrowser, screenshot } from './browser';

/** Eleven digits where the answer has ten: a near miss the line checker refuses and a 1e-6 float checker accepts. */
const NEAR_MISS = 'input()\nprint("0.33333333334")';

describe('a float checker in the browser', () => {
  const app = appUnderTest();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function createProblem(): Promise<number> {
    const login = await fetch(`${app.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ usernameOrEmail: app.admin.username, password: app.admin.password }),
    });
    const { accessToken } = await login.json();
    const res = await fetch(`${app.baseUrl}/api/problems`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        title: `One third ${Date.now().toString(36)}`,
        statement: 'Print $1/3$.',
        difficulty: 'EASY',
        isPublic: true,
        inputFormat: '',
        outputFormat: '',
        constraints: '',
        judge0LanguageIds: [71],
        samples: [],
        testCases: [{ input: '1 3\n', output: '0.3333333333\n', points: 1 }],
        algorithms: [],
        tags: [],
        cpuTimeLimit: 2,
        memoryLimit: 64,
      }),
    });
    if (res.status !== 201) throw new Error(`POST /api/problems answered ${res.status}`);
    return (await res.json()).problemId;
  }

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
    const select = page.getByLabel('Language');
    await select.selectOption(
      (await select
        .locator('option')
        .filter({ hasText: /^Python/ })
        .first()
        .getAttribute('value')) as string,
    );
    await page.locator('[data-testid="source-editor"] .cm-content').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(NEAR_MISS);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.locator('.live-list tbody tr').first().getByText('Accepted', { exact: true }).waitFor({ timeout: 60_000 });
    await screenshot(page, 'problem-float-accepted');
    await page.context().close();
  });
});
