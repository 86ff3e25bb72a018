import { readFileSync } from 'fs';
import { Browser } from 'playwright-core';

import { adminApi, ApiCall } from './admin-page';
import { appUnderTest } from './app-under-test';
import { launchBrowser, screenshot } from './browser';
import { accountApi, accountPage, MINUTE, newAccount, registerThroughApi, sumProblems } from './contest-kit';

/** Issue 33, item 8: the contest list's participant count and .ics link, and the contests on the home page. */
describe('contests on the home page and in a calendar', () => {
  const app = appUnderTest();
  let browser: Browser;
  let call: ApiCall;
  let problems: number[];
  const suffix = Date.now().toString(36);

  async function contest(title: string, fromMinutes: number, toMinutes: number, extra: Record<string, unknown> = {}): Promise<number> {
    const created = await call('POST', '/api/contests', {
      title: `${title} ${suffix}`,
      description: '',
      format: 'icpc',
      startsAt: new Date(Date.now() + fromMinutes * MINUTE).toISOString(),
      endsAt: new Date(Date.now() + toMinutes * MINUTE).toISOString(),
      isPublic: true,
      problems: problems.map((problemId) => ({ problemId })),
      ...extra,
    });
    return created.contestId as number;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    call = await adminApi(app);
    problems = await sumProblems(call, ['Calendar Sum']);
  });
  afterAll(() => browser.close());

  it('a phone shows the running and upcoming contests it may see on the home page, with their times and links', async () => {
    const running = await contest('Home running', -10, 60);
    const upcoming = await contest('Home upcoming', 24 * 60, 26 * 60);
    await contest('Home invitation', 30, 90, { isPublic: false });
    const eve = await newAccount(app, 'eve');
    const page = await accountPage(browser, app, eve, 375);
    await page.goto('/');
    const contests = page.getByRole('region', { name: 'Contests' });
    await contests.getByRole('link', { name: `Home running ${suffix}` }).waitFor();
    expect(await contests.getByRole('link', { name: `Home running ${suffix}` }).getAttribute('href')).toBe(`/contests/${running}`);
    const soon = contests.getByRole('listitem').filter({ hasText: `Home upcoming ${suffix}` });
    expect(await soon.getByRole('link').getAttribute('href')).toBe(`/contests/${upcoming}`);
    const startsAt = (await call('GET', `/api/contests/${upcoming}`)).startsAt as string;
    expect(await soon.locator('time').getAttribute('datetime')).toBe(startsAt);
    expect(await soon.textContent()).toMatch(/starts \w{3} \d+, \d\d:\d\d \S+/);
    // An invitation-only contest exists only for those it admitted: not on a stranger's home page.
    expect(await contests.getByText(`Home invitation ${suffix}`).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'home-contests-375');
    await page.context().close();
  });

  it('the list and the contest page count the participants, and the .ics link saves a calendar event', async () => {
    const contestId = await contest('Calendar round', 60, 180);
    const [fay, gus] = [await newAccount(app, 'fay'), await newAccount(app, 'gus')];
    for (const who of [fay, gus]) await registerThroughApi(app, who, contestId);
    const page = await accountPage(browser, app, fay, 375);
    await page.goto('/contests');
    const item = page
      .getByRole('region', { name: 'Upcoming' })
      .getByRole('listitem')
      .filter({ hasText: `Calendar round ${suffix}` });
    await item.getByText('2 participants').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      item.getByRole('link', { name: `Add to calendar (.ics): Calendar round ${suffix}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`contest-${contestId}.ics`);
    const ics = readFileSync((await download.path()) as string, 'utf8');
    const saved = await accountApi(app, fay)('GET', `/api/contests/${contestId}`);
    const utc = (iso: unknown) =>
      String(iso)
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    const lines = ics.replace(/\r\n /g, '').split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'BEGIN:VEVENT',
        `DTSTART:${utc(saved.startsAt)}`,
        `DTEND:${utc(saved.endsAt)}`,
        `SUMMARY:Calendar round ${suffix}`,
        'END:VEVENT',
      ]),
    );
    expect(lines.some((line) => line.startsWith('URL') && line.endsWith(`/contests/${contestId}`))).toBe(true);
    await page.getByRole('link', { name: `Calendar round ${suffix}`, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: `Calendar round ${suffix}` }).waitFor();
    await page.getByText(/· 2 participants/).waitFor();
    await page.getByRole('link', { name: `Add to calendar (.ics): Calendar round ${suffix}` }).waitFor();
    await page.context().close();
  });
});
