import { Browser } from 'playwright-core';

import { adminApi, ApiCall, pythonProblem } from './admin-page';
import { appUnderTest } from './app-under-test';
import { launchBrowser, screenshot } from './browser';
import { accountApi, accountPage, gradedStatus, newAccount } from './contest-kit';

/** Issue 33, item 10: a failed sample shows its input, the expected output and the program's, side by side. */
describe('feedback on a failed sample', () => {
  const app = appUnderTest();
  let browser: Browser;
  let call: ApiCall;

  beforeAll(async () => {
    browser = await launchBrowser();
    call = await adminApi(app);
  });
  afterAll(() => browser.close());

  it('the owner at 375 px sees the sample and their output stacked; a hidden test and other viewers show none', async () => {
    const problem = pythonProblem('Sample Sum', 'Print a + b.', { input: '2 3\n', output: '5\n' });
    problem.samples = [{ input: '2 3\n', output: '5\n' }];
    problem.testCases = [
      { input: '2 3\n', output: '5\n', points: 1 },
      { input: '40 2\n', output: '42\n', points: 1 },
    ];
    const { problemId } = (await call('POST', '/api/problems', problem)) as { problemId: number };
    const kim = await newAccount(app, 'kim');
    const submit = async (sourceCode: string) => {
      const { submissionId } = await accountApi(app, kim)('POST', '/api/submissions', { problemId, languageId: 71, sourceCode });
      expect(await gradedStatus(call, submissionId as string)).toBe('wrong_answer');
      return submissionId as string;
    };
    const onSample = await submit('a, b = map(int, input().split())\nprint(a * b)');
    const onHidden = await submit('a, b = map(int, input().split())\nprint(a + b if a < 10 else 0)');

    const page = await accountPage(browser, app, kim, 375);
    await page.goto(`/submissions/${onSample}`);
    const section = page.getByRole('region', { name: 'Test 1 is sample 1 of the statement' });
    await section.waitFor();
    const boxes = ['Input', 'Expected output', 'Your output'].map((label) => section.getByRole('figure').filter({ hasText: label }));
    expect((await boxes[0].locator('pre').textContent())?.trim()).toBe('2 3');
    expect((await boxes[1].locator('pre').textContent())?.trim()).toBe('5');
    expect((await boxes[2].locator('pre').textContent())?.trim()).toBe('6');
    // Stacked on a phone: each box under the one before, none past the screen's edge.
    const [first, second] = [await boxes[0].boundingBox(), await boxes[1].boundingBox()];
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'failed-sample-375');

    // A hidden test's data never shows.
    await page.goto(`/submissions/${onHidden}`);
    await page
      .getByText(/Wrong Answer/)
      .first()
      .waitFor();
    expect(await page.getByText(/is sample \d+ of the statement/).count()).toBe(0);
    expect(await page.getByText('40 2').count()).toBe(0);
    await page.context().close();

    // Nor does another user see the owner's output.
    const other = await accountPage(browser, app, await newAccount(app, 'lee'), 375);
    await other.goto(`/submissions/${onSample}`);
    await other
      .getByText(/Wrong Answer/)
      .first()
      .waitFor();
    expect(await other.getByText(/is sample \d+ of the statement/).count()).toBe(0);
    await other.context().close();
  });
});
