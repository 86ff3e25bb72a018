import { Browser } from 'playwright-core';

import { adminApi } from './admin-page';
import { appUnderTest } from './app-under-test';
import { launchBrowser, logIn } from './browser';

const DEFAULT_ADMIN_PASSWORD = 'admin12345';

describe('the default admin password in the browser', () => {
  const app = appUnderTest();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('an admin on the default password sees a warning on the admin pages until changing it in Settings', async () => {
    // An admin account whose password is the built-in default, as a fresh development install has.
    const username = `deputy_${Date.now().toString(36)}`;
    const registered = await fetch(`${app.baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        username,
        email: `${username}@example.com`,
        password: DEFAULT_ADMIN_PASSWORD,
        confirmPassword: DEFAULT_ADMIN_PASSWORD,
      }),
    });
    const { user } = await registered.json();
    await (
      await adminApi(app)
    )('PATCH', `/api/admin/users/${user.id}/role`, { role: 'admin' });

    const page = await (await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 1280, height: 900 } })).newPage();
    await logIn(page, username, DEFAULT_ADMIN_PASSWORD);
    await page.goto('/admin/users');
    const banner = page.getByRole('alert').filter({ hasText: 'Default password in use' });
    await banner.waitFor();
    await page.goto('/admin/create');
    await banner.waitFor();

    await banner.getByRole('link', { name: 'Change it in Settings' }).click();
    await page.getByLabel('Current password').fill(DEFAULT_ADMIN_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('a-password-of-my-own');
    await page.getByLabel('Confirm new password').fill('a-password-of-my-own');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password updated.').waitFor();

    await page.goto('/admin/users');
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    await page.getByRole('cell', { name: username, exact: true }).waitFor();
    await banner.waitFor({ state: 'detached' });
    expect(await banner.count()).toBe(0);
  });
});
