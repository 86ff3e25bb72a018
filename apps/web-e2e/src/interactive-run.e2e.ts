import { Browser } from 'playwright-core';

import { adminApi, adminPage } from './admin-page';
import { appUnderTest } from './app-under-test';
import { failingViolations } from './axe';
import { enterSolution, launchBrowser, screenshot } from './browser';

const PY_SEARCH = `lo, hi = 1, 10**9
while lo < hi:
    mid = (lo + hi) // 2
    print("?", mid, flush=True)
    a = input()
    if a == "=":
        lo = hi = mid
    elif a == "<":
        hi = mid - 1
    else:
        lo = mid + 1
print("!", lo, flush=True)`;

/** Issue 33, defect 11: Run on an interactive problem shows the exchange, not an output beside an expected one. */
describe('running code on an interactive problem in the browser', () => {
  const app = appUnderTest();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('on a 375 px phone, the run on custom input shows who wrote what, in order, and the interactor’s verdict', async () => {
    const call = await adminApi(app);
    const list = (await call('GET', '/api/problems?limit=100')) as { items: { title: string; problemId: number }[] };
    const game = list.items.find((p) => p.title === 'Guess the Number');
    if (!game) throw new Error('the demo seed has no Guess the Number');

    const page = await adminPage(browser, app, { width: 375, height: 800 });
    await page.goto(`/problems/${game.problemId}`);
    await page.getByRole('heading', { name: 'Submit Solution' }).waitFor();
    await enterSolution(page, /^Python/, PY_SEARCH);
    await page.getByLabel('Run on').selectOption({ label: 'Custom input' });
    await page.getByLabel('Custom input').fill('42\n');
    await page.getByRole('button', { name: 'Run', exact: true }).click();

    const result = page.locator('.run-output');
    const exchange = result.getByRole('list', { name: 'Exchange with the interactor' });
    await exchange.waitFor({ timeout: 90_000 });
    const writes = exchange.locator('li');
    await writes.first().getByText('Program → interactor').waitFor();
    expect(await writes.first().locator('pre').textContent()).toBe('? 500000000\n');
    expect(await writes.nth(1).getByText('Interactor → program').count()).toBe(1);
    expect(await writes.last().locator('pre').textContent()).toBe('! 42\n');
    await result.getByRole('status').getByText('Interactor: Accepted').waitFor();
    expect(await result.getByRole('heading', { name: 'Expected output' }).count()).toBe(0);
    expect(await result.getByRole('heading', { name: 'Output', exact: true }).count()).toBe(0);
    expect(await exchange.getAttribute('tabindex')).toBe('0');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await screenshot(page, 'problem-interactive-run-375');
    expect(await failingViolations(page, 'interactive run @375')).toEqual([]);

    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'problem-interactive-run-375-dark');
    expect(await failingViolations(page, 'interactive run @375, dark')).toEqual([]);
    await page.context().close();
  });
});
