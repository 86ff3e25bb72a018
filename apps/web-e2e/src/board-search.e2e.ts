import { Browser } from 'playwright-core';

import { adminApi, ApiCall } from './admin-page';
import { appUnderTest } from './app-under-test';
import { launchBrowser, screenshot } from './browser';
import { gradedStatus, guestPage, MINUTE, newAccount, registerThroughApi, submitThroughApi, sumProblems } from './contest-kit';

/** Issue 33, item 7: the board's user search, and its solved / tried row over the whole board, on a phone. */
describe("the board's search and totals", () => {
  const app = appUnderTest();
  let browser: Browser;
  let call: ApiCall;

  beforeAll(async () => {
    browser = await launchBrowser();
    call = await adminApi(app);
  });
  afterAll(() => browser.close());

  it('a guest at 375 px finds a user by part of the name, ranked on the whole board, under the whole board’s totals', async () => {
    const problems = await sumProblems(call, ['Board Sum', 'Board Sum Again']);
    const suffix = Date.now().toString(36);
    const { contestId } = (await call('POST', '/api/contests', {
      title: `Search round ${suffix}`,
      description: '',
      format: 'icpc',
      startsAt: new Date(Date.now() - 10 * MINUTE).toISOString(),
      endsAt: new Date(Date.now() + 60 * MINUTE).toISOString(),
      isPublic: true,
      problems: problems.map((problemId) => ({ problemId })),
    })) as { contestId: number };
    const [hal, ida, jon] = [await newAccount(app, 'hal'), await newAccount(app, 'ida'), await newAccount(app, 'jon')];
    for (const who of [hal, ida, jon]) await registerThroughApi(app, who, contestId);
    // ida solves both problems, hal the first; jon only registered.
    const solved = [
      await submitThroughApi(app, hal, contestId, problems[0]),
      await submitThroughApi(app, ida, contestId, problems[0]),
      await submitThroughApi(app, ida, contestId, problems[1]),
    ];
    for (const id of solved) expect(await gradedStatus(call, id)).toBe('accepted');

    const page = await guestPage(browser, app, 375);
    await page.goto(`/contests/${contestId}/scoreboard`);
    const board = page.getByRole('region', { name: 'Scoreboard' });
    await board.getByRole('rowheader', { name: jon.username }).waitFor();
    await page.getByRole('searchbox', { name: 'Find a user on the board' }).fill(hal.username.slice(1, -1).toUpperCase());
    await board.getByRole('rowheader', { name: ida.username }).waitFor({ state: 'detached' });
    const rows = board.locator('tbody tr');
    expect(await rows.count()).toBe(1);
    expect((await rows.first().locator('td').first().textContent())?.trim()).toBe('2');
    expect(await rows.first().locator('th').textContent()).toContain(hal.username);
    // The foot counts the whole board, not the one row the search shows.
    const foot = board.locator('tfoot tr td');
    expect((await foot.allTextContents()).map((t) => t.trim())).toEqual(['Solved / tried', '2 / 2', '1 / 1']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'board-search-375');

    await page.getByRole('searchbox', { name: 'Find a user on the board' }).fill('no-such-user-here');
    await page.getByText('No user on the board matches “no-such-user-here”.').waitFor();
    await page.context().close();
  });
});
