import { Browser } from 'playwright-core';

import { adminPage } from './admin-page';
import { appUnderTest } from './app-under-test';
import { launchBrowser } from './browser';
import { zipFile } from './zip-file';

/** A small Polygon package (problem.xml, built tests, a LaTeX legend with math), written to a temporary file. */
function polygonPackage(name: string): Promise<string> {
  const files: Record<string, string> = {
    'problem.xml': `<?xml version="1.0" encoding="utf-8"?>
<problem short-name="double"><names><name language="english" value="${name}"/></names>
<judging><testset name="tests"><time-limit>1000</time-limit><memory-limit>268435456</memory-limit>
<input-path-pattern>tests/%02d</input-path-pattern><answer-path-pattern>tests/%02d.a</answer-path-pattern>
<tests><test method="manual" sample="true"/><test method="manual"/></tests></testset></judging>
<assets><checker name="std::wcmp.cpp" type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
<solutions><solution tag="main"><source path="solutions/main.py" type="python.3"/></solution></solutions></assets></problem>`,
    'statement-sections/english/legend.tex': 'Print \\textbf{twice} the number $n^2$.',
    'tests/01': '1\n',
    'tests/01.a': '2\n',
    'tests/02': '5\n',
    'tests/02.a': '10\n',
    'solutions/main.py': 'print(2 * int(input()))\n',
  };
  return zipFile(files, 'double.zip');
}

describe('problem packages in the browser', () => {
  const app = appUnderTest();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('an admin imports a Polygon package from Create Problem, sees its main solution validated and its statement with math', async () => {
    const page = await adminPage(browser, app, { width: 1280, height: 900 });
    await page.getByRole('link', { name: 'Create Problem' }).click();
    await page.getByRole('heading', { name: 'Create Problem' }).waitFor();
    const title = `Polygon double ${Date.now().toString(36)}`;
    await page.getByLabel('Import package').setInputFiles(await polygonPackage(title));
    const link = page.getByRole('link', { name: new RegExp(`#\\d+ ${title}$`) });
    await link.waitFor();
    // The main solution ran on the judge worker against the two imported tests.
    await page.getByLabel('Main solution').filter({ hasText: 'passed 2 of 2 tests, score 100.' }).waitFor();
    await link.click();
    await page.getByRole('heading', { name: new RegExp(title) }).waitFor();
    await page.locator('.badge.private').waitFor();
    await page.locator('strong', { hasText: 'twice' }).waitFor();
    expect(await page.locator('.katex').count()).toBeGreaterThan(0);
    await page.close();
  });
});
