import { Browser, Page } from 'playwright-core';

import { adminApi, pythonProblem } from './admin-page';
import { appUnderTest } from './app-under-test';
import { enterSolution, launchBrowser, screenshot } from './browser';

/** What has keyboard focus: its tag, id, text and whether it is inside the code editor. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase(),
      id: el?.id,
      text: el?.textContent?.trim(),
      inEditor: !!el?.closest('.cm-editor'),
      submission: el?.dataset.submissionId ?? null,
    };
  });

describe('the editor and the keyboard (issue 22, defect 2)', () => {
  const app = appUnderTest();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('skips to the main content, lands there after login, indents with Tab, leaves with Esc then Tab, submits with Ctrl+Enter', async () => {
    const call = await adminApi(app);
    const created = await call('POST', '/api/problems', pythonProblem('Echo', 'Print the input.', { input: '5\n', output: '5\n' }));
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();

    // The skip link is the first stop of the Tab order, and a login by keyboard ends on the main content.
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Skip to main content' });
    await page.getByLabel('Username or Email').fill(app.admin.username);
    await page.getByLabel('Password').fill(app.admin.password);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: `${app.admin.username} ▾` }).waitFor();
    expect(await focused(page)).toMatchObject({ tag: 'main', id: 'main-content' });

    await page.goto(`/problems/${created.problemId}`);
    await page.getByRole('heading', { name: 'Submit Solution' }).waitFor();
    await page.getByText('Tab indents. Esc then Tab leaves the editor.').waitFor();
    await enterSolution(page, /^Python/, 'if True:\n');
    await page.keyboard.press('Tab');
    await page.keyboard.insertText('print(input())');
    expect(await page.locator('[data-testid="source-editor"] .cm-content').innerText()).toMatch(/^if True:\n\s+print\(input\(\)\)/);
    expect((await focused(page)).inEditor).toBe(true);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect((await focused(page)).inEditor).toBe(false);

    // Back in the editor, Ctrl+Enter submits, and the new submission's row takes focus once it is listed.
    await page.locator('[data-testid="source-editor"] .cm-content').click();
    await page.keyboard.press('Control+Enter');
    await page.getByText('Submitted. Watch it being graded below.').waitFor();
    await page.waitForFunction(() => !!(document.activeElement as HTMLElement | null)?.dataset.submissionId, undefined, {
      timeout: 30_000,
    });
    expect((await focused(page)).submission).not.toBeNull();
    await screenshot(page, 'editor-keyboard-submitted');
    await context.close();
  });
});
