import { Browser, Page } from 'playwright-core';

import { adminApi, adminPage, pythonProblem } from './admin-page';
import { appUnderTest } from './app-under-test';
import { failingViolations } from './axe';
import { launchBrowser, screenshot } from './browser';

/** What has focus: its tag and text. */
const focused = (page: Page) =>
  page.evaluate(() => ({ tag: document.activeElement?.tagName.toLowerCase(), text: document.activeElement?.textContent?.trim() }));

/**
 * Issue 33, defect 15: a route change moves focus to the new page's heading and announces it; the phone's menu
 * closes on Esc; the admin's problem page, whose test previews scroll, has no serious or critical axe finding.
 */
describe('focus, announcements and the menu across pages', () => {
  const app = appUnderTest();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it.each([1280, 375])('moves focus to the new page’s heading and announces it at %i px', async (width) => {
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    if (width < 600) await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Problems' }).click();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await focused(page)).toEqual({ tag: 'h1', text: 'Problem Archive' });
    await page
      .getByRole('status')
      .filter({ hasText: /^Problem Archive$/ })
      .waitFor({ state: 'attached' });

    await page.getByRole('link', { name: 'A + B', exact: true }).click();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1' && /A \+ B/.test(document.activeElement.textContent ?? ''));
    await page
      .getByRole('status')
      .filter({ hasText: /A \+ B/ })
      .waitFor({ state: 'attached' });
    await context.close();
  });

  it('closes the phone’s menu on Esc and gives focus back to its button (375 px)', async () => {
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Problems' }).waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Problems' }).waitFor({ state: 'hidden' });
    expect(await focused(page)).toEqual({ tag: 'button', text: 'Menu' });
    await context.close();
  });

  it('lets the keyboard scroll the admin’s test previews: no serious axe finding in light and dark, at both widths', async () => {
    const call = await adminApi(app);
    const long = Array.from({ length: 40 }, (_, i) => `${i} ${'9'.repeat(120)}`).join('\n') + '\n';
    const created = await call('POST', '/api/problems', {
      ...pythonProblem('Long tests', 'Print it back.', { input: long, output: long }),
      samples: [{ input: long, output: long }],
    });
    for (const width of [1280, 375]) {
      for (const scheme of ['light', 'dark'] as const) {
        const page = await adminPage(browser, app, { width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(`/problems/${created.problemId}`);
        await page.getByRole('region', { name: 'Test 1 input' }).waitFor();
        expect(await page.getByRole('region', { name: 'Test 1 input' }).getAttribute('tabindex')).toBe('0');
        expect(await failingViolations(page, `admin problem ${width} ${scheme}`)).toEqual([]);
        await screenshot(page, `admin-problem-previews-${width}-${scheme}`);
        await page.context().close();
      }
    }
  });
});
