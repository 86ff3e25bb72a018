import { Browser } from 'playwright-core';

import { adminPage } from './admin-page';
import { appUnderTest } from './app-under-test';
import { launchBrowser } from './browser';
import { polygonPackage } from './polygon-package';

describe('problem packages in the browser', () => {
  const app = appUnderTest();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('an admin imports a Polygon package from Create Problem, sees its main solution validated and its statement with math', async () => {
    const page = await adminPage(browser, app, { width: 1280, height: 900 });
    await page.getByRole('link', { name: 'Create Problem' }).click();
    await page.getByRole('heading', { name: 'Create Problem' }).waitFor();
    const title = `Polygon double ${Date.now().toString(36)}`;
    await page.getByLabel('Import package').setInputFiles(await polygonPackage(title));
    const link = page.getByRole('link', { name: new RegExp(`#\\d+ ${title}$`) });
    await link.waitFor();
    // The main solution ran on the judge worker against the two imported tests.
    await page.getByLabel('Main solution').filter({ hasText: 'passed 2 of 2 tests, score 100.' }).waitFor();
    await link.click();
    await page.getByRole('heading', { name: new RegExp(title) }).waitFor();
    await page.locator('.badge.private').waitFor();
    await page.locator('strong', { hasText: 'twice' }).waitFor();
    expect(await page.locator('.katex').count()).toBeGreaterThan(0);
    await page.close();
  });
});
