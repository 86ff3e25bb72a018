import { Browser, Page } from 'playwright-core';

import { AppUnderTest } from './app-under-test';
import { logIn } from './browser';

/** A page in a new browser context of the given size, signed in as the app's admin through the login form. */
export async function adminPage(browser: Browser, app: AppUnderTest, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport });
  const page = await context.newPage();
  await logIn(page, app.admin.username, app.admin.password);
  return page;
}
