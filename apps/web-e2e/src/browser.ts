import { mkdirSync } from 'fs';
import { join } from 'path';
import { Browser, chromium, Page } from 'playwright-core';

export const ARTIFACTS = join(__dirname, '../test-results');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags this machine's closed network needs. */
const NETWORK_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Per-context costs the journeys do not need (bench/BENCHMARKS.md, "Browser journeys' CPU"). Chromium's headless
 * mode is the full browser: every new context gets a window whose address bar preloads its popup, a WebUI page
 * (`chrome://omnibox-popup.top-chrome`, and its AI-mode variant) in a renderer of its own, about 1 CPU-s a context,
 * more than loading a page of the app, and a run opens over 100 contexts; no journey uses the address bar. And each
 * context starts a spare renderer beside its first page's, for a next page most contexts never open; it goes, unused,
 * with the context.
 */
export const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'SpareRendererForSitePerProcess'];

/** Where global setup leaves Playwright's own `--disable-features=…` argument for the workers' launches. */
const PLAYWRIGHT_DISABLED_FEATURES_ENV = 'OJ_E2E_PLAYWRIGHT_DISABLED_FEATURES';

/**
 * Playwright's own `--disable-features=…` argument, exactly as it passes it, read from a launch's command line.
 * Chromium keeps only the last `--disable-features` switch, so ours must replace Playwright's with both lists in
 * one; Playwright does not export its list (it changes between versions), hence the launch. Global setup calls this
 * once: the workers inherit the answer through the environment.
 */
export async function playwrightDisabledFeaturesArg(): Promise<string> {
  const recorded = process.env[PLAYWRIGHT_DISABLED_FEATURES_ENV];
  if (recorded) return recorded;
  // Chromium answers Browser.getBrowserCommandLine only when automation is on; the flag does not change the list.
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...NETWORK_ARGS, '--enable-automation'] });
  try {
    const cdp = await browser.newBrowserCDPSession();
    const { arguments: commandLine } = (await cdp.send('Browser.getBrowserCommandLine')) as { arguments: string[] };
    const found = commandLine.filter((arg) => arg.startsWith('--disable-features='));
    if (found.length !== 1) throw new Error(`expected one --disable-features in Playwright's launch, found: ${found.join(' ')}`);
    process.env[PLAYWRIGHT_DISABLED_FEATURES_ENV] = found[0];
    return found[0];
  } finally {
    await browser.close();
  }
}

/** Debian's chromium, headless, with the flags this machine's closed network needs and our features disabled. */
export async function launchBrowser(): Promise<Browser> {
  const playwrights = await playwrightDisabledFeaturesArg();
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    ignoreDefaultArgs: [playwrights],
    args: [...NETWORK_ARGS, `${playwrights},${OUR_DISABLED_FEATURES.join(',')}`],
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
