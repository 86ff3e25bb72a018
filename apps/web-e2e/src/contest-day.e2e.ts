import { Browser, Page } from 'playwright-core';

import { adminApi, adminPage, ApiCall, pythonProblem } from './admin-page';
import { appUnderTest } from './app-under-test';
import { enterSolution, launchBrowser, screenshot } from './browser';
import {
  Account,
  accountApi,
  accountPage,
  frozenAfterTheEnd,
  gradedStatus,
  guestPage,
  MINUTE,
  newAccount,
  registerThroughApi,
  submitThroughApi,
  SUM,
  sumProblems,
} from './contest-kit';

/** A browser clock this far behind the server's: what the pages show must come from the server's clock. */
const BROWSER_CLOCK_BEHIND_MS = 4 * MINUTE;

/** Contest day in the browser (issue 33). */
describe('contest day in the browser', () => {
  const app = appUnderTest();
  let browser: Browser;
  let call: ApiCall;
  let problems: number[];
  const suffix = Date.now().toString(36);

  /** An ICPC contest on the journeys' problems, made through the API; times in ms. */
  async function contest(title: string, startsAt: number, endsAt: number, extra: Record<string, unknown> = {}): Promise<number> {
    const created = await call('POST', '/api/contests', {
      title: `${title} ${suffix}`,
      description: '',
      format: 'icpc',
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(endsAt).toISOString(),
      isPublic: true,
      problems: problems.map((problemId) => ({ problemId })),
      ...extra,
    });
    return created.contestId as number;
  }

  /** A signed-in page whose browser clock runs BROWSER_CLOCK_BEHIND_MS behind the server's (same machine here). */
  async function lateClockPage(account: Account, width = 1280): Promise<Page> {
    const page = await accountPage(browser, app, account, width);
    await page.context().addInitScript((behind) => {
      const realNow = Date.now.bind(Date);
      Date.now = () => realNow() - behind;
    }, BROWSER_CLOCK_BEHIND_MS);
    return page;
  }

  /**
   * How long until `moment` (server clock, ms) plus `slackMs`: the journeys' deadline for a change due then. The slack
   * is for a loaded machine (two journeys, their browsers and the app on two cores): the problem page's switch at the
   * start, a fetch and the editor's first render, once took over 1.5 s there. What is checked is that each page
   * changes on its own, without a reload; how fast belongs to a benchmark.
   */
  const until = (moment: number, slackMs = 5000) => Math.max(0, moment - Date.now()) + slackMs;

  beforeAll(async () => {
    browser = await launchBrowser();
    call = await adminApi(app);
    problems = await sumProblems(call, ['Clock', 'Clock Again']);
  });
  afterAll(() => browser.close());

  it('1. open contest pages follow the server clock: the start opens the problems, the end turns submissions into practice', async () => {
    const [ada, bo] = [await newAccount(app, 'ada'), await newAccount(app, 'bo')];
    // Both pages must be open before the start: 15 s leaves room for two page loads on a loaded machine (8 s did not,
    // with another journey beside this one).
    const startsAt = Date.now() + 15_000;
    const endsAt = startsAt + 12_000;
    const contestId = await contest('Clock round', startsAt, endsAt);
    for (const who of [ada, bo]) await registerThroughApi(app, who, contestId);
    const overview = await lateClockPage(ada);
    await overview.goto(`/contests/${contestId}`);
    await overview.getByText(/Starts in 00:00:\d\d/).waitFor();
    await overview.getByText('Hidden until the start').first().waitFor();
    // On a phone, the problem page itself, opened before the start.
    const problemPage = await lateClockPage(bo, 375);
    await problemPage.goto(`/contests/${contestId}/problems/A`);
    await problemPage.getByText('This problem is not open to you yet.').waitFor();

    // The start: both pages change on their own, without a reload.
    await overview.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    const problemsTable = overview.getByRole('region', { name: 'Problems table' });
    await problemsTable
      .getByRole('link')
      .first()
      .waitFor({ timeout: until(startsAt) });
    await overview
      .getByRole('timer')
      .getByText(/Time left 00:00:\d\d/)
      .waitFor({ timeout: until(startsAt) });
    await problemPage.getByRole('heading', { name: 'Submit Solution' }).waitFor({ timeout: until(startsAt) });
    expect(await overview.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await problemsTable.getByText('Hidden until the start').count()).toBe(0);
    await screenshot(problemPage, 'clock-started-375');

    // The end: the problem page says so, and that a submission is practice, before anything is sent.
    await enterSolution(problemPage, /Python/, SUM);
    await problemPage.getByText(/Ended .*Submissions now are practice\./).waitFor({ timeout: until(endsAt) });
    const note = problemPage.getByText('The contest is over: a submission now is practice and does not count on the board.');
    await note.waitFor({ timeout: until(endsAt) });
    expect(await problemPage.getByText(/Time left/).count()).toBe(0);
    await overview.getByText(/Ended .*Submissions now are practice\./).waitFor({ timeout: until(endsAt) });
    await problemPage.getByRole('button', { name: 'Submit', exact: true }).click();
    await problemPage.getByText('Submitted as practice. Watch it being graded below.').waitFor();
    await screenshot(problemPage, 'clock-ended-375');
    expect(await problemPage.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await overview.context().close();
    await problemPage.context().close();
  });

  it('5. a result hidden by the freeze reads "Frozen" in /submissions for others (on a phone), its own result for its submitter', async () => {
    const contestId = await contest('Frozen round', Date.now() - 10 * MINUTE, Date.now() + 30 * MINUTE, { freezeMinutes: 35 });
    const [cy, di] = [await newAccount(app, 'cy'), await newAccount(app, 'di')];
    for (const who of [cy, di]) await registerThroughApi(app, who, contestId);
    const id = await submitThroughApi(app, cy, contestId, problems[0]);
    expect(await gradedStatus(call, id)).toBe('accepted');

    const other = await accountPage(browser, app, di, 375);
    await other.goto('/submissions');
    const row = other.locator(`tr[data-submission-id="${id}"]`);
    await row.waitFor();
    await row.getByText('Frozen', { exact: true }).waitFor();
    expect(await row.getByText('Queued', { exact: true }).count()).toBe(0);
    expect((await row.locator('td.score-cell').textContent())?.trim()).toBe('—');
    await screenshot(other, 'frozen-submissions-375');

    const own = await accountPage(browser, app, cy, 375);
    await own.goto('/submissions');
    await own.locator(`tr[data-submission-id="${id}"]`).getByText('Accepted', { exact: true }).waitFor();
    await other.context().close();
    await own.context().close();
  });

  it('2. the contest form finds a problem past the archive\'s first 100 by id, "#id" and part of its title', async () => {
    // The archive holds more than a page of 100 before the problem the admin wants, the newest.
    const { total } = (await call('GET', '/api/problems?visibility=all&limit=1')) as { total: number };
    const filler = pythonProblem('Filler', 'Print a + b.', { input: '2 3\n', output: '5\n' });
    for (let i = total; i < 101; i++) await call('POST', '/api/problems', { ...filler, title: `Filler ${i} ${suffix}` });
    const title = `Zebra crossing ${suffix}`;
    const newest = (await call('POST', '/api/problems', { ...filler, title })).problemId as number;
    const others = await sumProblems(call, ['Picker one', 'Picker two']);

    const page = await adminPage(browser, app, { width: 375, height: 900 });
    await page.goto('/admin/contests/new');
    const search = page.getByLabel('Add a problem by id or title');
    const add = page.getByRole('button', { name: 'Add', exact: true });
    const picked = page.getByTestId('picked-problem');
    await search.fill(String(newest));
    await add.click();
    await picked.filter({ hasText: `#${newest} ${title}` }).waitFor();
    await search.fill(`#${others[0]}`);
    await add.click();
    await picked.filter({ hasText: `#${others[0]}` }).waitFor();
    // Part of a title: the server's matches are suggested while typing, and the only match is taken.
    await search.fill('ker two');
    await page.waitForFunction(
      (id) =>
        Array.from(document.querySelectorAll('#contest-problem-options option')).some((o) =>
          (o as HTMLOptionElement).value.startsWith(`${id} — Picker two`),
        ),
      others[1],
    );
    await add.click();
    await picked.filter({ hasText: `#${others[1]}` }).waitFor();
    expect(await picked.count()).toBe(3);
    expect(await page.getByText(/No problem with the id or title/).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await screenshot(page, 'picker-375');
    await page.context().close();
  });

  it("6. contest problem pages: tabs A, B…, the contest's points in the header, and a guest's way to log in", async () => {
    const contestId = await contest('Tabs round', Date.now() - 10 * MINUTE, Date.now() + 30 * MINUTE, {
      format: 'atcoder',
      problems: problems.map((problemId, i) => ({ problemId, points: [300, 500][i] })),
    });
    const eli = await newAccount(app, 'eli');
    await registerThroughApi(app, eli, contestId);
    const page = await accountPage(browser, app, eli, 375);
    await page.goto(`/contests/${contestId}/problems/A`);
    await page.getByRole('heading', { level: 1, name: /^A\. / }).waitFor();
    await page.getByText(/· 300 points$/).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Contest problems' });
    expect(await tabs.getByRole('link').allTextContents()).toEqual(['A', 'B']);
    expect(await tabs.getByRole('link', { name: /^A\./ }).getAttribute('aria-current')).toBe('page');
    await tabs.getByRole('link', { name: /^B\./ }).click();
    await page.waitForURL(new RegExp(`/contests/${contestId}/problems/B$`));
    await page.getByRole('heading', { level: 1, name: /^B\. / }).waitFor();
    await page.getByText(/· 500 points$/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await screenshot(page, 'contest-problem-tabs-375');

    const guest = await guestPage(browser, app, 375);
    await guest.goto(`/contests/${contestId}/problems/A`);
    await guest.getByRole('link', { name: 'Log in to submit' }).click();
    await guest.waitForURL(/\/login$/);
    expect(await guest.getByText('This problem is not open to you yet.').count()).toBe(0);
    await page.context().close();
    await guest.context().close();
  });

  it("4. a guest's board (a projector without a login) is live over the contest stream", async () => {
    const contestId = await contest('Projector round', Date.now() - 10 * MINUTE, Date.now() + 30 * MINUTE);
    const fox = await newAccount(app, 'fox');
    await registerThroughApi(app, fox, contestId);
    const guest = await guestPage(browser, app);
    const streaming = guest.waitForRequest((request) => request.url().endsWith(`/api/contests/${contestId}/scoreboard/stream`));
    await guest.goto(`/contests/${contestId}/scoreboard`);
    const row = guest.getByRole('region', { name: 'Scoreboard' }).locator('tbody tr', { hasText: fox.username });
    await row.waitFor();
    await streaming;
    // From here on the board is never read again: only the stream can bring the change.
    await guest.route(/\/api\/contests\/\d+\/scoreboard\?/, (route) => route.abort());
    const id = await submitThroughApi(app, fox, contestId, problems[0]);
    expect(await gradedStatus(call, id)).toBe('accepted');
    await row.locator('td.board-cell', { hasText: /^\+ \(\d+\)$/ }).waitFor({ timeout: 10_000 });
    await guest.context().close();
  });

  it('3. after a frozen end the admin projects the frozen board, reveals by row at a chosen speed, full screen; or just unfreezes', async () => {
    const { contestId } = await frozenAfterTheEnd(app, call, problems, `Projected round ${suffix}`);
    const page = await adminPage(browser, app, { width: 1280, height: 900 });
    await page.goto(`/contests/${contestId}/scoreboard`);
    // The board under the buttons is the frozen one: nothing of the final results shows.
    const board = page.getByRole('region', { name: 'Scoreboard' });
    await board.waitFor();
    await page.getByRole('button', { name: 'Start the reveal' }).waitFor();
    expect(await board.locator('.cell-pending').count()).toBe(3);
    expect(await board.locator('.cell-solved, .cell-first').count()).toBe(0);

    await page.getByRole('button', { name: 'Start the reveal' }).click();
    const reveal = page.getByRole('region', { name: 'Reveal board' });
    await reveal.waitFor();
    expect(await reveal.locator('.cell-pending').count()).toBe(3);
    await page.getByRole('button', { name: 'Full screen' }).click();
    await page.getByRole('button', { name: 'Exit full screen' }).waitFor();
    expect(await page.evaluate(() => document.fullscreenElement?.getAttribute('aria-labelledby'))).toBe('reveal-heading');
    // A row at a time: the bottom row's pending cells all show at once.
    const [, bottom] = await reveal.locator('tbody tr th').allTextContents();
    const bottomPending = await reveal.locator('tbody tr', { hasText: bottom.trim() }).locator('.cell-pending').count();
    await page.getByRole('button', { name: 'Next row' }).click();
    await page.waitForFunction((left) => document.querySelectorAll('.reveal .cell-pending').length === left, 3 - bottomPending);
    await page.getByLabel('Speed').selectOption({ label: 'Fast' });
    await page.getByLabel('Play by').selectOption('row');
    await page.getByRole('button', { name: 'Play' }).click();
    await page.getByText('Revealed: the board is unfrozen.').waitFor({ timeout: 10_000 });
    await screenshot(page, 'reveal-full-screen');
    await page.context().close();

    // Another contest: a plain Unfreeze publishes everything at once.
    const second = await frozenAfterTheEnd(app, call, problems, `Unfrozen round ${suffix}`);
    const admin = await adminPage(browser, app, { width: 375, height: 900 });
    await admin.goto(`/contests/${second.contestId}/scoreboard`);
    await admin.getByRole('button', { name: 'Unfreeze', exact: true }).click();
    await admin.getByRole('button', { name: 'Unfreeze now' }).click();
    await admin.getByRole('region', { name: 'Scoreboard' }).locator('.cell-solved, .cell-first').first().waitFor();
    const guest = await (await fetch(`${app.baseUrl}/api/contests/${second.contestId}/scoreboard`)).json();
    expect(guest.frozen).toBe(false);
    expect(guest.items.map((r: { username: string }) => r.username)).toEqual([second.users[1].username, second.users[0].username]);
    await admin.context().close();
  });

  it("9. an admin's contest page: no Register, everyone's submissions, the unanswered count and canned answers", async () => {
    const contestId = await contest('Judged round', Date.now() - 10 * MINUTE, Date.now() + 30 * MINUTE);
    const gil = await newAccount(app, 'gil');
    await registerThroughApi(app, gil, contestId);
    const id = await submitThroughApi(app, gil, contestId, problems[0]);
    await accountApi(app, gil)('POST', `/api/contests/${contestId}/clarifications`, {
      question: 'Is the input sorted?',
      problemLabel: 'A',
    });
    await gradedStatus(call, id);

    const page = await adminPage(browser, app, { width: 375, height: 900 });
    await page.goto(`/contests/${contestId}`);
    await page.getByRole('heading', { name: 'All submissions' }).waitFor();
    expect(await page.getByRole('heading', { name: 'My Submissions' }).count()).toBe(0);
    await page.locator(`tr[data-submission-id="${id}"]`).waitFor();
    expect(await page.getByRole('button', { name: 'Register' }).count()).toBe(0);
    const clarifications = page.getByRole('region', { name: 'Clarifications' });
    await clarifications.getByText('1 unanswered').waitFor();
    const item = page.locator('li.clarification', { hasText: 'Is the input sorted?' });
    await item.getByLabel('Canned answer').selectOption('No comment.');
    expect(await item.getByRole('textbox', { name: 'Answer' }).inputValue()).toBe('No comment.');
    await item.getByRole('button', { name: 'Answer', exact: true }).click();
    await clarifications.getByText('0 unanswered').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await screenshot(page, 'admin-contest-375');
    await page.context().close();
  });

  it("9. the contest form previews the description's Markdown and puts the server's errors beside their fields", async () => {
    const page = await adminPage(browser, app, { width: 375, height: 900 });
    await page.goto('/admin/contests/new');
    await page.getByLabel('Title', { exact: true }).fill(`Backwards round ${suffix}`);
    await page.getByLabel('Description (Markdown)', { exact: true }).fill('Good **luck**.');
    await page.getByRole('region', { name: 'Description (Markdown) preview' }).locator('strong', { hasText: 'luck' }).waitFor();
    await page.getByLabel(/^Starts at/).fill('2030-01-01T12:00');
    await page.getByLabel(/^Ends at/).fill('2030-01-01T10:00');
    await page.getByRole('button', { name: 'Create Contest' }).click();
    const ends = page.getByLabel(/^Ends at/);
    await page.waitForFunction(() => document.querySelector('input[name="endsAt"]')?.getAttribute('aria-invalid') === 'true');
    const describedBy = (await ends.getAttribute('aria-describedby')) as string;
    expect((await page.locator(`[id="${describedBy}"]`).textContent())?.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await screenshot(page, 'contest-form-errors-375');
    await page.context().close();
  });

  it('10. feedback: "Wrong Answer on test N" in the dialog too, the submission page names its id and submitter, "1 minute"', async () => {
    const hal = await newAccount(app, 'hal');
    const created = await accountApi(app, hal)('POST', '/api/submissions', {
      problemId: problems[0],
      languageId: 71,
      sourceCode: 'print(4)',
    });
    const id = created.submissionId as string;
    expect(await gradedStatus(call, id)).toBe('wrong_answer');
    const page = await accountPage(browser, app, hal, 375);
    await page.goto('/submissions');
    await page
      .locator(`tr[data-submission-id="${id}"]`)
      .getByRole('button', { name: /Details/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Wrong Answer on test 1', { exact: true }).waitFor();
    await page.goto(`/submissions/${id}`);
    await page.getByText('Wrong Answer on test 1', { exact: true }).waitFor();
    await page.getByText(id, { exact: true }).waitFor();
    await page.locator('dl.facts').getByRole('link', { name: hal.username }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);

    const contestId = await contest('Windowed round', Date.now() - 10 * MINUTE, Date.now() + 30 * MINUTE, { durationMinutes: 1 });
    await registerThroughApi(app, hal, contestId);
    await page.goto(`/contests/${contestId}`);
    await page.getByText('You are registered. Start when you are ready: you get 1 minute.').waitFor();
    await page.context().close();
  });

  it("7. on a phone the board keeps rank and user in place, the caller's row framed on every cell, solved / tried underneath", async () => {
    const many = [...problems, ...(await sumProblems(call, ['Wide C', 'Wide D', 'Wide E', 'Wide F']))];
    const contestId = await contest('Wide round', Date.now() - 10 * MINUTE, Date.now() + 30 * MINUTE, {
      problems: many.map((problemId) => ({ problemId })),
    });
    const [ivy, jay] = [await newAccount(app, 'ivy'), await newAccount(app, 'jay')];
    for (const who of [ivy, jay]) await registerThroughApi(app, who, contestId);
    expect(await gradedStatus(call, await submitThroughApi(app, ivy, contestId, many[0]))).toBe('accepted');
    expect(await gradedStatus(call, await submitThroughApi(app, jay, contestId, many[0], 'print(4)'))).toBe('wrong_answer');

    const page = await accountPage(browser, app, ivy, 375);
    await page.goto(`/contests/${contestId}/scoreboard`);
    const region = page.getByRole('region', { name: 'Scoreboard' });
    await region.locator('tr.mine').waitFor();
    expect(await region.locator('tfoot td').allTextContents()).toEqual(['Solved / tried', '1 / 2', ...many.slice(1).map(() => '0 / 0')]);
    const userLeft = () => region.locator('tr.mine th').evaluate((th) => Math.round(th.getBoundingClientRect().left));
    const rankLeft = () => region.locator('tr.mine td.board-rank').evaluate((td) => Math.round(td.getBoundingClientRect().left));
    const [user0, rank0] = [await userLeft(), await rankLeft()];
    const scrolled = await region.evaluate((el) => {
      el.scrollLeft = 400;
      return el.scrollLeft;
    });
    expect(scrolled).toBeGreaterThan(0);
    expect([await userLeft(), await rankLeft()]).toEqual([user0, rank0]);
    // The frame is on every cell of the row, the solved (coloured) one included.
    const shadows = await region.locator('tr.mine > *').evaluateAll((cells) => cells.map((c) => getComputedStyle(c).boxShadow));
    expect(shadows.length).toBe(4 + many.length);
    for (const shadow of shadows) expect(shadow).toMatch(/inset/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await screenshot(page, 'board-sticky-375');
    await page.context().close();
  });

  it('8. the contest list: Register there, a Registered badge, the duration and times with their time zone', async () => {
    const title = `Listed round ${suffix}`;
    const contestId = await contest('Listed round', Date.now() + 60 * MINUTE, Date.now() + 210 * MINUTE);
    const kay = await newAccount(app, 'kay');
    const page = await accountPage(browser, app, kay, 375);
    await page.goto('/contests');
    const item = page.locator('.contest-list li', { has: page.getByRole('link', { name: title, exact: true }) });
    await item.waitFor();
    expect(await item.textContent()).toMatch(/(UTC|GMT)[^]*2 h 30 min/);
    await item.getByRole('button', { name: `Register for ${title}` }).click();
    await item.getByText('Registered', { exact: true }).waitFor();
    expect(await item.getByRole('button', { name: `Register for ${title}` }).count()).toBe(0);
    const seen = await accountApi(app, kay)('GET', `/api/contests/${contestId}`);
    expect((seen.participation as { kind: string }).kind).toBe('official');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
    await page.context().close();
  });
});
