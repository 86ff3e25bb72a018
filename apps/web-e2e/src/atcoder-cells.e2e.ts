import { Browser } from 'playwright-core';

import { adminApi, ApiCall } from './admin-page';
import { appUnderTest } from './app-under-test';
import { failingViolations } from './axe';
import { launchBrowser, screenshot } from './browser';
import { gradedStatus, guestPage, MINUTE, newAccount, registerThroughApi, submitThroughApi, sumProblems } from './contest-kit';

/** Issue 33, defect 7: an AtCoder cell shows its points and wrong tries over the accepted's time, mm:ss. */
describe('AtCoder board cells', () => {
  const app = appUnderTest();
  let browser: Browser;
  let call: ApiCall;

  beforeAll(async () => {
    browser = await launchBrowser();
    call = await adminApi(app);
  });
  afterAll(() => browser.close());

  it('a guest at 375 px reads "300 (1)" over the mm:ss of the accepted', async () => {
    const [problemId] = await sumProblems(call, ['AtCoder Sum']);
    // Started 12 minutes and 34 seconds ago: the accepted below lands at 12:34 or a few seconds later.
    const { contestId } = (await call('POST', '/api/contests', {
      title: `AtCoder round ${Date.now().toString(36)}`,
      description: '',
      format: 'atcoder',
      startsAt: new Date(Date.now() - 12 * MINUTE - 34_000).toISOString(),
      endsAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
      isPublic: true,
      problems: [{ problemId, points: 300 }],
    })) as { contestId: number };
    const kay = await newAccount(app, 'kay');
    await registerThroughApi(app, kay, contestId);
    expect(await gradedStatus(call, await submitThroughApi(app, kay, contestId, problemId, 'print(0)'))).toBe('wrong_answer');
    expect(await gradedStatus(call, await submitThroughApi(app, kay, contestId, problemId))).toBe('accepted');
    const served = (await call('GET', `/api/contests/${contestId}/scoreboard`)) as {
      items: { cells: Record<string, { elapsedSeconds: number }> }[];
    };
    const seconds = served.items[0].cells.A.elapsedSeconds;
    expect(seconds).toBeGreaterThanOrEqual(754);
    const clock = `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

    const page = await guestPage(browser, app, 375);
    await page.goto(`/contests/${contestId}/scoreboard`);
    const board = page.getByRole('region', { name: 'Scoreboard' });
    const row = board.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: kay.username }) });
    const cell = row.locator('td.board-cell');
    await cell.first().waitFor();
    expect(await cell.first().locator('.cell-time').textContent()).toBe(clock);
    expect((await cell.first().textContent())?.replace(/\s+/g, ' ')).toMatch(new RegExp(`^300 \\(1\\)${clock}`));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'atcoder-cell-375');
    const found = await failingViolations(page, 'AtCoder board @375 light');
    await page.context().close();

    const dark = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 375, height: 900 }, colorScheme: 'dark' });
    const darkPage = await dark.newPage();
    await darkPage.goto(`/contests/${contestId}/scoreboard`);
    await darkPage.locator('td.board-cell .cell-time').waitFor();
    found.push(...(await failingViolations(darkPage, 'AtCoder board @375 dark')));
    await screenshot(darkPage, 'atcoder-cell-375-dark');
    await dark.close();
    expect(found).toEqual([]);
  });
});
