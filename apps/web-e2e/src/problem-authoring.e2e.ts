import { Browser } from 'playwright-core';

import { adminPage } from './admin-page';
import { appUnderTest } from './app-under-test';
import { launchBrowser, screenshot } from './browser';
import { zipFile } from './zip-file';

/** A .zip of `N.in`/`N.out` pairs for a "double it" problem, written to a temporary file. */
function testArchive(count: number): Promise<string> {
  const files: Record<string, string> = {};
  for (let i = 1; i <= count; i++) Object.assign(files, { [`${i}.in`]: `${i}\n`, [`${i}.out`]: `${2 * i}\n` });
  files[`${count + 1}.in`] = 'orphan\n';
  return zipFile(files, 'tests.zip');
}

describe('problem authoring in the browser', () => {
  const app = appUnderTest();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('an admin creates a problem from a ZIP of tests, validates a reference solution, publishes it, edits it and sees Problem updated', async () => {
    const page = await adminPage(browser, app, { width: 1280, height: 900 });
    const context = page.context();

    await page.getByRole('link', { name: 'Create Problem' }).click();
    await page.getByRole('heading', { name: 'Create Problem' }).waitFor();
    const title = `Double it ${Date.now().toString(36)}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Statement', { exact: true }).fill('Print twice the number $n$.');
    await page.getByLabel('Statement preview').locator('.katex').waitFor();
    await page.getByLabel('Tags').fill('warm-up');
    await page.getByLabel('Tags').press('Enter');
    await page.getByLabel('Public').check();

    await page.getByLabel('Upload ZIP').setInputFiles(await testArchive(4));
    await page.getByRole('button', { name: 'Edit test case 4' }).waitFor();
    await page.getByLabel('Import warnings').waitFor();
    expect(await page.getByRole('button', { name: /^Edit test case/ }).count()).toBe(4);

    await page.getByRole('button', { name: 'Validate Test Cases' }).click();
    const dialog = page.getByRole('dialog', { name: 'Validate Test Cases' });
    const python = await dialog
      .getByLabel('Language')
      .locator('option')
      .filter({ hasText: /^Python/ })
      .first()
      .getAttribute('value');
    await dialog.getByLabel('Language').selectOption(python as string);
    await dialog.locator('[data-testid="source-editor"] .cm-content').click();
    await page.keyboard.insertText('print(2 * int(input()))');
    await dialog.getByRole('button', { name: 'Run validation' }).click();
    await dialog.getByText('100%').waitFor({ timeout: 60_000 });
    expect(await dialog.getByRole('cell', { name: 'Accepted' }).count()).toBe(4);
    await screenshot(page, 'problem-form-validated');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Create problem' }).click();
    // Create opens the new problem's page, with the flash and its admin actions.
    await page.getByText('Problem created').waitFor();
    await page.getByRole('heading', { name: new RegExp(title) }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/problems\/\d+$/);
    await page.getByText('4 test cases').waitFor();

    // Published: a guest finds it in the archive.
    const guest = await browser.newContext({ baseURL: app.baseUrl });
    const guestPage = await guest.newPage();
    // Searched for: other journeys fill the shared archive past its first page of 100.
    await guestPage.goto(`/problems?q=${encodeURIComponent(title)}`);
    await guestPage.getByRole('link', { name: title }).waitFor();
    await guest.close();

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { name: 'Edit problem' }).waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe(title);
    await page.getByLabel('Constraints', { exact: true }).fill('$1 \\le n \\le 10^9$');
    await page.getByRole('button', { name: 'Update problem' }).click();
    await page.getByText('Problem updated').waitFor();
    await page.getByRole('heading', { name: 'Constraints' }).waitFor();
    await screenshot(page, 'problem-updated');
    await context.close();
  });
});
