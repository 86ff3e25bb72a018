import { Browser } from 'playwright-core';

import { adminPage } from './admin-page';
import { appUnderTest } from './app-under-test';
import { failingViolations } from './axe';
import { enterSolution, launchBrowser, screenshot } from './browser';

describe('running code on custom input in the browser', () => {
  const app = appUnderTest();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it("on a 375 px phone a user runs code on a sample and on custom input and sees the output, each language's limit shown", async () => {
    const page = await adminPage(browser, app, { width: 375, height: 800 });
    await page.goto('/problems/1');
    await page.getByRole('heading', { name: 'Submit Solution' }).waitFor();
    await page
      .getByRole('list', { name: 'CPU time limits:' })
      .getByText(/^Python.*: \d+(\.\d+)? s$/)
      .first()
      .waitFor();

    await enterSolution(page, /^Python/, 'print(sum(map(int, input().split())))');

    // The first sample: the program's output beside the expected one.
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const result = page.locator('.run-output');
    await result.getByText(/^Finished · exit code 0/).waitFor({ timeout: 60_000 });
    await result.getByRole('heading', { name: 'Expected output' }).waitFor();

    // Custom input.
    await page.getByLabel('Run on').selectOption({ label: 'Custom input' });
    await page.getByLabel('Custom input').fill('40 2\n');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await result.locator('pre', { hasText: /^42\s*$/ }).waitFor({ timeout: 60_000 });
    expect(await result.getByRole('heading', { name: 'Expected output' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await screenshot(page, 'problem-run-375');

    // A long output scrolls inside its box, which the keyboard reaches: axe finds no serious violation.
    await enterSolution(page, /^Python/, 'import sys\nfor i in range(100):\n    print(i)\n    print(i, file=sys.stderr)');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await result.getByRole('heading', { name: 'Standard error' }).waitFor({ timeout: 60_000 });
    const output = result.getByLabel('Output', { exact: true });
    expect(await output.evaluate((box) => box.scrollHeight > box.clientHeight)).toBe(true);
    expect(await output.getAttribute('tabindex')).toBe('0');
    expect(await failingViolations(page, 'run @375')).toEqual([]);
    await page.context().close();
  });
});
