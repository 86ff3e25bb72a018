import { Browser, Page } from 'playwright-core';

import { adminApi, adminPage, ApiCall } from './admin-page';
import { appUnderTest } from './app-under-test';
import { enterSolution, launchBrowser, screenshot } from './browser';
import {
  Account,
  accountPage,
  contestToEnd,
  frozenAfterTheEnd,
  MINUTE,
  newAccount,
  registerThroughApi,
  submitThroughApi,
  SUM,
  sumProblems,
} from './contest-kit';

/** The contests' journeys (issue 21). */
describe('contests in the browser', () => {
  const app = appUnderTest();
  let browser: Browser;
  let call: ApiCall;
  let problems: number[];
  const suffix = Date.now().toString(36);

  const newUser = (name: string) => newAccount(app, name);
  const userPage = (who: Account, width = 1280) => accountPage(browser, app, who, width);

  /** A contest made through the API, ICPC on the journeys' problems. */
  async function contest(title: string, extra: Record<string, unknown> = {}): Promise<number> {
    const now = Date.now();
    const created = await call('POST', '/api/contests', {
      title: `${title} ${suffix}`,
      description: 'Two problems.',
      format: 'icpc',
      startsAt: new Date(now - 10 * MINUTE).toISOString(),
      endsAt: new Date(now + 60 * MINUTE).toISOString(),
      isPublic: true,
      problems: problems.map((problemId) => ({ problemId })),
      ...extra,
    });
    return created.contestId as number;
  }

  /** Registers on the contest page, in the browser. */
  async function register(page: Page, contestId: number): Promise<void> {
    await page.goto(`/contests/${contestId}`);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('You are registered.').waitFor();
  }

  /** Solves a problem from the contest page's table, on its contest problem page. */
  async function solve(page: Page, contestId: number, label: string): Promise<void> {
    await page.goto(`/contests/${contestId}`);
    await page
      .getByRole('region', { name: 'Problems table' })
      .getByRole('link')
      .nth(label.charCodeAt(0) - 65)
      .click();
    await page.getByRole('heading', { name: 'Submit Solution' }).waitFor();
    await enterSolution(page, /Python/, SUM);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.locator('.live-list tbody tr').first().getByText('Accepted', { exact: true }).waitFor({ timeout: 60_000 });
  }

  /**
   * Waits for `name` in the board's row at `index` (anywhere on the board with null); polled on a timer, as a page
   * in the background gets no animation frames.
   */
  const rowBecomes = (page: Page, index: number | null, name: string) =>
    page.waitForFunction(
      ([i, n]) =>
        Array.from(document.querySelectorAll('.board tbody tr th')).some(
          (th, at) => (i === null || at === i) && th.textContent?.includes(String(n)),
        ),
      [index, name],
      {
        polling: 500,
        timeout: 30_000,
      },
    );

  const boardOrder = (page: Page, region = 'Scoreboard') =>
    page
      .getByRole('region', { name: region })
      .locator('tbody tr th')
      .allTextContents()
      .then((names) => names.map((n) => n.trim()));

  beforeAll(async () => {
    browser = await launchBrowser();
    call = await adminApi(app);
    problems = await sumProblems(call, ['Sum', 'Sum Again']);
  });
  afterAll(() => browser.close());

  it('an admin creates a contest in the form, picking problems by id and title and reordering them', async () => {
    const page = await adminPage(browser, app, { width: 1280, height: 900 });
    await page.goto('/contests');
    await page.getByRole('link', { name: 'New Contest' }).click();
    await page.getByLabel('Title', { exact: true }).fill(`Made in the form ${suffix}`);
    await page.getByLabel('Description (Markdown)', { exact: true }).fill('Good **luck**.');
    await page.getByLabel('Freeze minutes before the end (optional)').fill('30');
    const search = page.getByLabel('Add a problem by id or title');
    await search.fill(String(problems[0]));
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const second = (await call('GET', `/api/problems/${problems[1]}`)).title as string;
    await search.fill(second);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: `Move ${second} up` }).click();
    await screenshot(page, 'contest-form');
    await page.getByRole('button', { name: 'Create Contest' }).click();
    await page.waitForURL(/\/contests\/\d+$/);
    await page.getByRole('heading', { level: 1, name: `Made in the form ${suffix}` }).waitFor();
    await page.getByText('luck', { exact: true }).waitFor();
    const contestId = Number(new URL(page.url()).pathname.split('/').pop());
    const saved = await call('GET', `/api/contests/${contestId}`);
    expect((saved.problems as { problemId: number; label: string }[]).map((p) => [p.label, p.problemId])).toEqual([
      ['A', problems[1]],
      ['B', problems[0]],
    ]);
    expect(saved.freezeMinutes).toBe(30);
    await page.context().close();
  });

  it('two users register and solve, and the live board moves', async () => {
    const contestId = await contest('Live round');
    const [ann, ben] = [await newUser('ann'), await newUser('ben')];
    const annPage = await userPage(ann);
    const benPage = await userPage(ben);
    await register(annPage, contestId);
    await solve(annPage, contestId, 'A');
    await annPage.goto(`/contests/${contestId}/scoreboard`);
    await annPage.getByRole('region', { name: 'Scoreboard' }).waitFor();
    expect(await boardOrder(annPage)).toEqual([ann.username]);
    await expect(annPage.locator('tr.mine th').textContent()).resolves.toContain(ann.username);

    // ben solves both problems while ann watches: his row appears and climbs above hers without a reload.
    await register(benPage, contestId);
    await solve(benPage, contestId, 'A');
    // Level with ann (one solved each, maybe in the same minute: then their order is the server's tie order).
    await rowBecomes(annPage, null, ben.username);
    await solve(benPage, contestId, 'B');
    await rowBecomes(annPage, 0, ben.username);
    expect(await boardOrder(annPage)).toEqual([ben.username, ann.username]);
    await screenshot(annPage, 'contest-board-live');
    await annPage.context().close();
    await benPage.context().close();
  });

  it("the contest page's own cells change when a verdict arrives, without a reload", async () => {
    const contestId = await contest('Cells round');
    const lea = await newUser('lea');
    const page = await userPage(lea);
    const streaming = page.waitForRequest((request) => request.url().endsWith('/api/submissions/stream'));
    await register(page, contestId);
    await streaming;
    const cellA = () => page.getByRole('region', { name: 'Problems table' }).locator('tbody tr').first().locator('td').last();
    await cellA().getByText('—').waitFor();
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    // A submission from elsewhere (another tab, a script): the page only hears its verdict.
    await submitThroughApi(app, lea, contestId, problems[0]);
    await page
      .getByRole('region', { name: 'Problems table' })
      .locator('tbody tr')
      .first()
      .locator('td', { hasText: /^\+ \(\d+\)$/ })
      .waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect((await cellA().textContent())?.trim()).toMatch(/^\+ \(\d+\)$/);
    await screenshot(page, 'contest-cells-live');
    await page.context().close();
  });

  it('after the freeze and the end, the admin plays the reveal and the board unfreezes', async () => {
    const { contestId, users } = await frozenAfterTheEnd(app, call, problems, `Reveal round ${suffix}`);

    const page = await adminPage(browser, app, { width: 1280, height: 900 });
    await page.goto(`/contests/${contestId}/scoreboard`);
    await page.getByRole('button', { name: 'Start the reveal' }).click();
    const reveal = page.getByRole('region', { name: 'Reveal board' });
    await reveal.waitFor();
    expect(await reveal.locator('.cell-pending').count()).toBe(3);
    // Nothing shows yet: the two rows tie, in the server's order for ties.
    const [, bottom] = await boardOrder(page, 'Reveal board');
    // The bottom row goes first: its A, a solve, lifts it above the other row, whose cells are still frozen.
    await page.getByRole('button', { name: 'Next cell' }).click();
    await rowBecomes(page, 0, bottom);
    expect(await reveal.locator('.cell-pending').count()).toBe(2);
    await screenshot(page, 'contest-reveal');
    await page.getByRole('button', { name: 'Play' }).click();
    await page.getByText('Revealed: the board is unfrozen.').waitFor({ timeout: 30_000 });
    expect(await boardOrder(page, 'Reveal board')).toEqual([users[1].username, users[0].username]);
    const guest = await (await fetch(`${app.baseUrl}/api/contests/${contestId}/scoreboard`)).json();
    expect(guest.frozen).toBe(false);
    expect(guest.items.map((r: { username: string }) => r.username)).toEqual([users[1].username, users[0].username]);
    await page.context().close();
  });

  it('a clarification is asked, answered by an admin, and shows up live for the participant', async () => {
    const contestId = await contest('Clarified round');
    const ivy = await newUser('ivy');
    // The participant on a phone: the form, the notice and the list fit 375 px.
    const page = await userPage(ivy, 375);
    await register(page, contestId);
    const question = `May the input end without a newline? (${suffix})`;
    const ask = page.getByRole('form', { name: 'Ask a question' });
    await ask.getByLabel('About').selectOption('A');
    await ask.getByLabel('Question').fill(question);
    await ask.getByRole('button', { name: 'Ask' }).click();
    await page.getByText('Sent. The answer will show here.').waitFor();
    // The participant goes on to a problem: the notice must reach them there, through the contest stream.
    const streaming = page.waitForRequest((request) => request.url().endsWith(`/api/contests/${contestId}/scoreboard/stream`));
    await page.getByRole('region', { name: 'Problems table' }).getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Submit Solution' }).waitFor();
    await streaming;

    const admin = await adminPage(browser, app, { width: 1280, height: 900 });
    await admin.goto(`/contests/${contestId}`);
    const item = admin.locator('li.clarification', { hasText: question });
    await item.getByText(`Problem A · ${ivy.username}`, { exact: false }).waitFor();
    await item.getByRole('button', { name: 'Quote the question' }).click();
    const answer = item.getByRole('textbox', { name: 'Answer' });
    await answer.fill(`${await answer.inputValue()}Yes: read up to the end of the input.`);
    await item.getByRole('button', { name: 'Answer', exact: true }).click();
    // The answer as shown once saved (the textarea, which still holds it, would match at once).
    await item.locator('p', { hasText: 'Yes: read up to the end of the input.' }).waitFor();

    const notice = page.locator('.toast-region');
    await notice.getByText(/New clarification on A: Yes: read up to the end of the input\./s).waitFor({ timeout: 30_000 });
    await screenshot(page, 'contest-clarification-notice');
    await notice.getByRole('link', { name: 'Clarifications' }).click();
    const list = page.getByRole('region', { name: 'Clarifications' });
    await list.getByText('Yes: read up to the end of the input.').waitFor();
    expect(await list.getByText(question).count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await admin.context().close();
    await page.context().close();
  });

  it('a user starts a virtual run after the end and sees their virtual board', async () => {
    const { contestId, end } = await contestToEnd(call, problems, `Virtual round ${suffix}`);
    const real = await newUser('jon');
    await registerThroughApi(app, real, contestId);
    await end();

    const kim = await newUser('kim');
    const page = await userPage(kim);
    await page.goto(`/contests/${contestId}`);
    await page.getByRole('button', { name: 'Virtual' }).click();
    await page.getByRole('dialog', { name: 'Start the virtual run?' }).getByRole('button', { name: 'Start the virtual run' }).click();
    await page
      .getByRole('timer')
      .getByText(/Virtual run: time left/)
      .waitFor();
    await solve(page, contestId, 'A');
    await page
      .getByRole('timer')
      .getByText(/Virtual run: time left/)
      .waitFor();
    await page.goto(`/contests/${contestId}/scoreboard`);
    await page.getByText(/Your virtual board at minute \d+/).waitFor();
    const mine = page.locator('tr.mine');
    await mine.waitFor();
    expect(await mine.locator('th').textContent()).toContain(kim.username);
    // Their own row is their run's, marked virtual as on the board with virtual participants.
    expect(await boardOrder(page)).toEqual([`${kim.username} virtual`, real.username]);
    await screenshot(page, 'contest-virtual-board');
    await page.context().close();
  });

  it('the scoreboard is readable on a 375 px phone, the own row highlighted, the board scrolling inside its region', async () => {
    const contestId = await contest('Phone round');
    const eve = await newUser('eve');
    const others = [];
    for (const name of ['fay', 'gus', 'hal']) others.push(await newUser(name));
    for (const u of [...others, eve]) await registerThroughApi(app, u, contestId);
    const page = await userPage(eve, 375);
    await page.goto(`/contests/${contestId}/scoreboard`);
    const mine = page.locator('tr.mine');
    await mine.waitFor();
    expect(await mine.locator('th').textContent()).toContain(eve.username);
    expect(await mine.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await screenshot(page, 'contest-board-375');
    await page.context().close();
  });
});
