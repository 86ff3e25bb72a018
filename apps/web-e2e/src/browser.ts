import { mkdirSync } from 'fs';
import { join } from 'path';
import { Browser, chromium, Page } from 'playwright-core';

export const ARTIFACTS = join(__dirname, '../test-results');

/** Debian's chromium, headless, with the flags this machine's closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Logs in through the login form and waits for the user menu. */
export async function logIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username or Email').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('button', { name: `${username} ▾` }).waitFor();
}

/** On a problem page: chooses the first language whose name matches, and replaces the editor's code with `source`. */
export async function enterSolution(page: Page, language: RegExp, source: string): Promise<void> {
  const select = page.getByLabel('Language');
  const option = await select.locator('option').filter({ hasText: language }).first().getAttribute('value');
  await select.selectOption(option as string);
  await page.locator('[data-testid="source-editor"] .cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(source);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}
