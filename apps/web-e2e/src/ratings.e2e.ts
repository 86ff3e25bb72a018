import { Browser, Page } from 'playwright-core';

import { adminApi, adminPage, ApiCall } from './admin-page';
import { appUnderTest } from './app-under-test';
import { failingViolations } from './axe';
import { launchBrowser, screenshot } from './browser';
import {
  Account,
  accountPage,
  gradedStatus,
  guestPage,
  MINUTE,
  newAccount,
  registerThroughApi,
  submitThroughApi,
  sumProblems,
} from './contest-kit';

const PHONE = 375;

/** Nothing wider than the phone: not the page, and no table scrolled out of view inside its wrapper. */
async function expectFitsPhone(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-375`);
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    tables: Array.from(document.querySelectorAll('.table-wrap')).map((w) => w.scrollWidth - w.clientWidth),
  }));
  expect({ name, ...widths }).toEqual({ name, page: PHONE, tables: widths.tables.map(() => 0) });
}

/**
 * A rated contest ends; the judge worker rates it (the edit's recompute on the ratings queue); the leaderboard, the
 * winner's profile (graph, history) and the contest's rating changes show it, on a desktop and on a phone.
 */
describe('ratings', () => {
  const app = appUnderTest();
  let browser: Browser;
  let call: ApiCall;
  let contestId: number;
  let winner: string;
  let runnerUp: string;
  let winnerAccount: Account;

  beforeAll(async () => {
    browser = await launchBrowser();
    call = await adminApi(app);
    const problems = await sumProblems(call, ['Rated sum']);
    const body = (endsAt: number) => ({
      title: 'Rated round',
      description: '',
      format: 'icpc',
      startsAt: new Date(Date.now() - 40 * MINUTE).toISOString(),
      endsAt: new Date(endsAt).toISOString(),
      isPublic: true,
      rated: true,
      problems: problems.map((problemId) => ({ problemId })),
    });
    ({ contestId } = (await call('POST', '/api/contests', body(Date.now() + 20 * MINUTE))) as { contestId: number });
    const [eve, fay] = [await newAccount(app, 'eve'), await newAccount(app, 'fay')];
    for (const u of [eve, fay]) await registerThroughApi(app, u, contestId);
    const solved = await submitThroughApi(app, eve, contestId, problems[0]);
    const wrong = await submitThroughApi(app, fay, contestId, problems[0], 'print(0)');
    expect(await gradedStatus(call, solved)).toBe('accepted');
    expect(await gradedStatus(call, wrong)).not.toBe('accepted');
    // The end moved to now: the edit asks the workers for a recompute, which rates it once the end has passed.
    await call('PUT', `/api/contests/${contestId}`, body(Date.now() + 1000));
    for (const deadline = Date.now() + 90_000; ; await new Promise((r) => setTimeout(r, 1000))) {
      const changes = (await call('GET', `/api/contests/${contestId}/rating-changes`)) as unknown as unknown[];
      if (changes.length === 2) break;
      if (Date.now() > deadline) throw new Error('the contest was not rated in time');
    }
    [winner, runnerUp, winnerAccount] = [eve.username, fay.username, eve];
  });
  afterAll(() => browser.close());

  it('lists the leaderboard from the nav, on a desktop and at 375 px, axe finding nothing serious', async () => {
    for (const width of [1280, PHONE]) {
      const page = await guestPage(browser, app, width);
      await page.goto('/');
      if (width === PHONE) await page.goto('/ratings');
      else await page.getByRole('link', { name: 'Ratings', exact: true }).click();
      const table = page.getByTestId('rating-leaderboard');
      await table.waitFor();
      const names = await table.locator('tbody tr td:nth-child(2)').allTextContents();
      expect(names.indexOf(winner)).toBeGreaterThanOrEqual(0);
      expect(names.indexOf(winner)).toBeLessThan(names.indexOf(runnerUp));
      const link = table.getByRole('link', { name: winner });
      expect(await link.getAttribute('class')).toMatch(/tier-/);
      if (width === PHONE) await expectFitsPhone(page, 'ratings');
      expect(await failingViolations(page, `ratings @${width}`)).toEqual([]);
      await page.context().close();
    }
  });

  it("draws the winner's rating graph with a point linking to the contest, readable in dark mode and at 375 px", async () => {
    const account = { username: winner };
    for (const [width, colorScheme] of [
      [1280, 'dark'],
      [PHONE, 'light'],
    ] as const) {
      const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width, height: 900 }, colorScheme });
      const page = await context.newPage();
      await page.goto(`/u/${account.username}`);
      const graph = page.getByTestId('rating-graph');
      await graph.waitFor();
      const stroke = await graph.locator('polyline').evaluate((line) => getComputedStyle(line).stroke);
      expect(stroke).toBe(colorScheme === 'dark' ? 'rgb(110, 168, 254)' : 'rgb(40, 100, 208)');
      const history = await page.getByRole('link', { name: 'Rated round' }).count();
      expect(history).toBeGreaterThanOrEqual(1);
      const current = Number(await page.getByTestId('current-rating').textContent());
      const best = Number(await page.getByTestId('best-rating').textContent());
      expect(best).toBeGreaterThanOrEqual(current);
      if (width === PHONE) await expectFitsPhone(page, 'rating-profile');
      else await screenshot(page, 'rating-profile-dark');
      expect(await failingViolations(page, `rating profile @${width} ${colorScheme}`)).toEqual([]);
      await graph.getByRole('link', { name: /Rated round: rank 1/ }).click();
      await page.waitForURL(`**/contests/${contestId}`);
      const changes = page.getByTestId('rating-changes');
      await changes.waitFor();
      expect(await changes.locator('tbody tr').count()).toBe(2);
      expect(await failingViolations(page, `rating changes @${width} ${colorScheme}`)).toEqual([]);
      await context.close();
    }
  });

  it("colours the winner's name in the header and in the submissions list by the rating the API sends", async () => {
    const page = await accountPage(browser, app, winnerAccount);
    await page.goto('/submissions');
    const header = page.getByRole('button', { name: new RegExp(winner) }).locator('.user-name');
    await header.waitFor();
    expect(await header.getAttribute('class')).toMatch(/tier-/);
    const listed = page.locator('table').getByRole('link', { name: winner }).first();
    await listed.waitFor();
    expect(await listed.getAttribute('class')).toMatch(/tier-/);
    expect(await failingViolations(page, 'tier colours in the header and submissions')).toEqual([]);
    await page.context().close();
  });

  it("keeps Rated ticked on the admin's contest form", async () => {
    const page = await adminPage(browser, app, { width: 1280, height: 900 });
    await page.goto(`/contests/${contestId}/edit`);
    const rated = page.getByRole('checkbox', { name: 'Rated' });
    await rated.waitFor();
    expect(await rated.isChecked()).toBe(true);
    await page.context().close();
  });
});
