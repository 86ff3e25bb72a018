import { Browser, Page } from 'playwright-core';

import { registerAccount } from './admin-page';
import { appUnderTest } from './app-under-test';
import { enterSolution, launchBrowser, logIn, screenshot } from './browser';

const EDITOR = '[data-testid="source-editor"] .cm-content';

/** The editor's text, line by line, with each line's leading tabs and spaces kept. */
const editorLines = (page: Page) =>
  page.locator(`${EDITOR} .cm-line`).evaluateAll((lines) => lines.map((line) => (line.textContent ?? '').replace(/\u00a0/g, ' ')));

/**
 * Issue 33, defect 12: the editor indents Python by 4 (each language by its usual unit) whether the indent comes from
 * Enter, Tab or Shift+Tab, so code typed as in any editor runs; the tab width and key bindings are chosen in Settings
 * and follow the account to the problem page.
 */
describe('the editor indents by the language’s unit, and takes the tab width and key bindings from Settings', () => {
  const app = appUnderTest();
  let browser: Browser;
  const user = { username: `ed${Date.now().toString(36)}`, password: 'editor-password-1' };

  beforeAll(async () => {
    browser = await launchBrowser();
    await registerAccount(app, user);
  });
  afterAll(() => browser.close());

  async function problemPage(width: number): Promise<Page> {
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width, height: 900 } });
    const page = await context.newPage();
    await logIn(page, user.username, user.password);
    await page.goto('/problems/1');
    await page.getByRole('heading', { name: 'Submit Solution' }).waitFor();
    return page;
  }

  /** Settings' editor card: picks the tab width and key bindings and saves them. */
  async function choose(page: Page, tabWidth: string, keyBindings: string): Promise<void> {
    await page.goto('/settings');
    const card = page.locator('form', { has: page.getByRole('heading', { name: 'Editor' }) });
    await card.getByLabel('Tab width').selectOption(tabWidth);
    await card.getByLabel('Key bindings').selectOption({ label: keyBindings });
    await card.getByRole('button', { name: 'Save editor settings' }).click();
    await card.getByText('Editor settings saved.').waitFor();
  }

  it.each([1280, 375])('indents Python by 4 on Enter, Tab and Shift+Tab alike, and the program runs at %i px', async (width) => {
    const page = await problemPage(width);
    await enterSolution(page, /^Python/, 'a, b = map(int, input().split())');
    const type = async (text: string) => {
      await page.keyboard.press('Enter');
      await page.keyboard.insertText(text);
    };
    await type('if a >= 0:');
    await type('if b >= 0:');
    await type('print(a + b)');
    // A Tab on an empty line adds one unit, and Shift+Tab takes one away: the block stays at the width Enter gave it.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.insertText('print(a - b)');
    expect(await editorLines(page)).toEqual([
      'a, b = map(int, input().split())',
      'if a >= 0:',
      '    if b >= 0:',
      '        print(a + b)',
      '    print(a - b)',
    ]);

    await page.getByLabel('Run on').selectOption({ label: 'Custom input' });
    await page.getByLabel('Custom input').fill('1 2\n');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const result = page.locator('.run-output');
    await result.getByText(/^Finished · exit code 0/).waitFor({ timeout: 60_000 });
    await result.locator('pre', { hasText: /^3\s+-1\s*$/ }).waitFor();
    await screenshot(page, `editor-python-indent-${width}`);
    await page.context().close();
  });

  it('draws tabs at the chosen width, indents JavaScript by 2, and uses Vim’s then Emacs’s keys once chosen (375 px)', async () => {
    const page = await problemPage(375);
    await choose(page, '8', 'Vim');
    await page.goto('/problems/1');
    await page.reload();
    const editor = page.locator(EDITOR);
    await editor.waitFor();
    await page.waitForFunction((selector) => getComputedStyle(document.querySelector(selector) as Element).tabSize === '8', EDITOR);

    // Vim: normal mode first; "ggdG" empties the buffer, "i" inserts, Esc "0x" deletes the first character.
    const language = page.getByLabel('Language');
    await language.selectOption(
      (await language
        .locator('option')
        .filter({ hasText: /^JavaScript/ })
        .first()
        .getAttribute('value')) as string,
    );
    await page.locator('[data-testid="source-editor"][data-key-bindings="vim"]').waitFor();
    await editor.click();
    await page.waitForSelector('.cm-fat-cursor', { state: 'attached' });
    await page.keyboard.type('ggdGi12 34');
    await page.keyboard.press('Escape');
    await page.keyboard.type('0x');
    expect(await editorLines(page)).toEqual(['2 34']);

    // JavaScript's usual unit is two spaces (as Prettier writes it).
    await page.keyboard.type('ccfunction main() {');
    await page.keyboard.press('Enter');
    await page.keyboard.insertText('print(1);');
    expect((await editorLines(page))[1]).toBe('  print(1);');

    await choose(page, '4', 'Emacs');
    await page.goto('/problems/1');
    await editor.waitFor();
    await page.waitForFunction((selector) => getComputedStyle(document.querySelector(selector) as Element).tabSize === '4', EDITOR);
    // Emacs: Ctrl+E ends the line, Ctrl+B moves back a character.
    await page.locator('[data-testid="source-editor"][data-key-bindings="emacs"]').waitFor();
    await editor.click();
    await page.keyboard.press('Control+e');
    await page.keyboard.insertText('abc');
    await page.keyboard.press('Control+b');
    await page.keyboard.press('Control+b');
    await page.keyboard.insertText('x');
    expect(await editorLines(page)).toContainEqual(expect.stringMatching(/axbc$/));
    await screenshot(page, 'editor-emacs-375');
    await page.context().close();
  });
});
