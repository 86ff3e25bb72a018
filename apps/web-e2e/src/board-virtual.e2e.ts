import { Browser, Page } from 'playwright-core';

import { adminApi, ApiCall } from './admin-page';
import { appUnderTest } from './app-under-test';
import { failingViolations } from './axe';
import { launchBrowser, screenshot } from './browser';
import { accountApi, contestToEnd, gradedStatus, newAccount, registerThroughApi, submitThroughApi, sumProblems } from './contest-kit';

/**
 * Issue 33, item 7: "show virtual participants". After the end, the board's switch ranks every virtual run among the
 * official rows, marked; the URL keeps it, so a projector's link does; off, the official board is back.
 */
describe('the board with virtual participants', () => {
  const app = appUnderTest();
  let browser: Browser;
  let call: ApiCall;

  beforeAll(async () => {
    browser = await launchBrowser();
    call = await adminApi(app);
  });
  afterAll(() => browser.close());

  const rowHeaders = async (page: Page) =>
    (await page.getByRole('region', { name: 'Scoreboard' }).locator('tbody th').allTextContents()).map((t) =>
      t.replace(/\s+/g, ' ').trim(),
    );

  it('a guest at 375 px switches virtual runs on, keeps them through a reload, sees one move live, and switches them off', async () => {
    const problems = await sumProblems(call, ['Virtual Sum', 'Virtual Sum Again']);
    const { contestId, end } = await contestToEnd(call, problems, `Virtual board ${Date.now().toString(36)}`);
    const [ann, vic] = [await newAccount(app, 'ann'), await newAccount(app, 'vic')];
    await registerThroughApi(app, ann, contestId);
    expect(await gradedStatus(call, await submitThroughApi(app, ann, contestId, problems[0]))).toBe('accepted');
    await end();
    await accountApi(app, vic)('POST', `/api/contests/${contestId}/virtual`);
    expect(await gradedStatus(call, await submitThroughApi(app, vic, contestId, problems[0]))).toBe('accepted');

    const page = await (await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 375, height: 900 } })).newPage();
    await page.goto(`/contests/${contestId}/scoreboard`);
    await page.getByRole('rowheader', { name: ann.username }).waitFor();
    expect(await rowHeaders(page)).toEqual([ann.username]);

    const toggle = page.getByRole('checkbox', { name: 'Show virtual participants' });
    await toggle.check();
    const vicRow = page
      .getByRole('region', { name: 'Scoreboard' })
      .locator('tbody tr', { has: page.getByRole('rowheader', { name: vic.username }) });
    await vicRow.waitFor();
    expect(new URL(page.url()).searchParams.get('virtual')).toBe('1');
    // vic solved A as her run began, ann at minute 40 of the contest: vic ranks first, marked.
    expect(await rowHeaders(page)).toEqual([`${vic.username} virtual`, ann.username]);
    expect(await vicRow.locator('.badge.virtual').isVisible()).toBe(true);
    expect((await vicRow.locator('td').first().textContent())?.trim()).toBe('1*');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'board-virtual-375');
    const found = await failingViolations(page, 'Board with virtual participants @375 light');

    // A projector's link keeps the switch.
    await page.reload();
    await vicRow.waitFor();
    expect(await toggle.isChecked()).toBe(true);

    // vic's run goes on: her next solve reaches the open board without a reload.
    expect(await gradedStatus(call, await submitThroughApi(app, vic, contestId, problems[1]))).toBe('accepted');
    await vicRow.locator('td.num').nth(1).getByText('2', { exact: true }).waitFor();

    await toggle.uncheck();
    await vicRow.waitFor({ state: 'detached' });
    expect(await rowHeaders(page)).toEqual([ann.username]);
    expect(new URL(page.url()).searchParams.has('virtual')).toBe(false);
    await page.context().close();

    const dark = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 375, height: 900 }, colorScheme: 'dark' });
    const darkPage = await dark.newPage();
    await darkPage.goto(`/contests/${contestId}/scoreboard?virtual=1`);
    await darkPage.locator('tr.virtual .badge.virtual').waitFor();
    found.push(...(await failingViolations(darkPage, 'Board with virtual participants @375 dark')));
    await screenshot(darkPage, 'board-virtual-375-dark');
    await dark.close();
    expect(found).toEqual([]);
  });
});
