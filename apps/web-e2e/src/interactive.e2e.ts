import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { Browser, Page } from 'playwright-core';
import { ZipFile } from 'yazl';

import { adminApi, adminPage } from './admin-page';
import { appUnderTest } from './app-under-test';
import { enterSolution, launchBrowser, logIn, screenshot } from './browser';

const CPP_SEARCH = `#include <iostream>
#include <string>
int main() {
  long long lo = 1, hi = 1000000000;
  while (lo < hi) {
    long long mid = (lo + hi) / 2;
    std::cout << "? " << mid << std::endl;
    std::string a;
    std::cin >> a;
    if (a == "=") lo = hi = mid;
    else if (a == "<") hi = mid - 1;
    else lo = mid + 1;
  }
  std::cout << "! " << lo << std::endl;
}`;
const PY_SEARCH = `lo, hi = 1, 10**9
while lo < hi:
    mid = (lo + hi) // 2
    print("?", mid, flush=True)
    a = input()
    if a == "=":
        lo = hi = mid
    elif a == "<":
        hi = mid - 1
    else:
        lo = mid + 1
print("!", lo, flush=True)`;

/** A Polygon-style package: hidden numbers as tests (each its own answer file) and the interactor's source. */
async function packageWith(interactor: string): Promise<string> {
  const zip = new ZipFile();
  ['7', '1000000000', '123456789'].forEach((n, i) => {
    zip.addBuffer(Buffer.from(`${n}\n`), `${i + 1}.in`);
    zip.addBuffer(Buffer.from(`${n}\n`), `${i + 1}.out`);
  });
  zip.addBuffer(Buffer.from(interactor), 'interactor.cpp');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const file = join(mkdtempSync(join(tmpdir(), 'oj-e2e-interactive-')), 'guess.zip');
  writeFileSync(file, Buffer.concat(chunks));
  return file;
}

/** Issue 23 in the browser: the guessing game made in the problem form, and solved live from the problem page. */
describe('an interactive problem in the browser', () => {
  const app = appUnderTest();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function userPage(): Promise<Page> {
    const username = `guesser${Date.now().toString(36)}`;
    const password = 'guessing-pass-1';
    const res = await fetch(`${app.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, email: `${username}@example.com`, password, confirmPassword: password }),
    });
    if (!res.ok) throw new Error(`register ${username} answered ${res.status}`);
    const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await logIn(page, username, password);
    return page;
  }

  /** Submits on the open problem page and waits for the live row's verdict. */
  async function solve(page: Page, language: RegExp, source: string): Promise<void> {
    await enterSolution(page, language, source);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.locator('.live-list tbody tr').first().getByText('Accepted', { exact: true }).waitFor({ timeout: 90_000 });
  }

  it('an admin makes the guessing game from a ZIP with interactor.cpp, tries the interactor, and a user solves it live', async () => {
    // The seeded game's interactor, as an admin reads it, goes into the package.
    const call = await adminApi(app);
    const list = (await call('GET', '/api/problems?limit=100')) as { items: { title: string; problemId: number }[] };
    const seeded = list.items.find((p) => p.title === 'Guess the Number');
    if (!seeded) throw new Error('the demo seed has no Guess the Number');
    const { interactor } = (await call('GET', `/api/problems/${seeded.problemId}?includePrivate=true`)) as {
      interactor: { source: string };
    };

    const page = await adminPage(browser, app, { width: 1280, height: 900 });
    await page.getByRole('link', { name: 'Create Problem' }).click();
    await page.getByRole('heading', { name: 'Create Problem' }).waitFor();
    const title = `Guess again ${Date.now().toString(36)}`;
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Statement', { exact: true }).fill('Find the hidden number $n$ with at most $30$ queries `? x`; answer `! n`.');
    await page.getByLabel('Public').check();

    await page.getByLabel('Upload ZIP').setInputFiles(await packageWith(interactor.source));
    await page.getByRole('button', { name: 'Edit test case 3' }).waitFor();
    const type = page.getByRole('region', { name: 'Problem type' });
    expect(await type.getByRole('combobox', { name: /^Type/ }).inputValue()).toBe('interactive');
    expect(await type.getByLabel('Interactor source').inputValue()).toContain('registerInteraction');

    await page.getByRole('button', { name: 'Add sample' }).click();
    const sample = page.getByRole('dialog', { name: 'Add sample' });
    await sample.getByLabel('Input').fill('42\n');
    await sample.getByLabel('Output').fill('! 42\n');
    await sample.getByRole('button', { name: 'Save' }).click();

    const cpp = await type
      .getByLabel('Solution language')
      .locator('option')
      .filter({ hasText: /^C\+\+/ })
      .first()
      .getAttribute('value');
    await type.getByLabel('Solution language').selectOption(cpp as string);
    await type.getByLabel('Solution to test against the interactor').fill(CPP_SEARCH);
    await type.getByRole('button', { name: 'Test interactor' }).click();
    await type
      .getByRole('status')
      .getByText(/^Accepted: ok found 42 with \d+ queries$/)
      .waitFor({ timeout: 90_000 });
    await screenshot(page, 'problem-form-interactive');

    await page.getByRole('button', { name: 'Create problem' }).click();
    await page.getByText('Problem created').waitFor();
    await page.getByText(/^Interactive: your program talks/).waitFor();
    const created = new URL(page.url()).pathname;
    await page.context().close();

    const user = await userPage();
    await user.goto(created);
    await user.getByRole('heading', { name: 'Submit Solution' }).waitFor();
    await solve(user, /^C\+\+/, CPP_SEARCH);
    await screenshot(user, 'problem-interactive-accepted');

    // The seeded game, solved in C++ and in Python.
    await user.goto(`/problems/${seeded.problemId}`);
    await user.getByRole('heading', { name: 'Submit Solution' }).waitFor();
    await solve(user, /^C\+\+/, CPP_SEARCH);
    await solve(user, /^Python/, PY_SEARCH);
    await user.context().close();
  });
});
