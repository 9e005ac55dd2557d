/**
 * The language on the account (issue #21), in a real browser against the real API: a viewer whose
 * account is saved as Russian signs in on an English page and the page turns Russian; every API
 * request says the page's language, so the API's own messages come back in it; switching to English
 * on the profile saves English to the account.
 */
import { registerAccount } from '../support/accounts';
import { baseUrl, journeyBrowser } from '../support/browser';
import { journeyShots } from '../support/screenshots';

const PHONE = { width: 360, height: 740 };

const browser = journeyBrowser();
const shot = journeyShots('account-language');

async function storedLanguage(access: string): Promise<string | null> {
  const response = await fetch(`${baseUrl()}/api/users/profile/`, { headers: { Authorization: `Bearer ${access}` } });
  return ((await response.json()) as { language: string | null }).language;
}

describe('the language saved on the account', () => {
  it('turns the page Russian when a Russian account signs in, and saves a new choice back to the account', async () => {
    const account = await registerAccount('language');
    const saved = await fetch(`${baseUrl()}/api/users/profile/`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${account.access}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ language: 'ru' }),
    });
    expect(saved.status).toBe(200);

    const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    const asked: Array<{ path: string; language: string }> = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/')) asked.push({ path, language: request.headers()['accept-language'] ?? '' });
    });

    await page.goto(`${baseUrl()}/profile`);
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Password', exact: true }).click();
    await page.getByLabel('Email').fill(account.user.email);
    // A wrong password first: the API's refusal comes back in the page's language (English).
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('a-Long-passw0rd!');
    // Once signed in, the page reads the account again in its new language: wait for that request
    // rather than for the moment the heading changes, which can come first.
    const askedInRussian = page.waitForRequest(
      (request) => new URL(request.url()).pathname.startsWith('/api/') && request.headers()['accept-language'] === 'ru',
      { timeout: 15_000 },
    );
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    // Signed in: the page follows the account's language.
    await page.getByRole('heading', { name: 'Профиль', level: 1 }).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    const language = page.getByRole('group', { name: 'Язык' });
    expect(await language.getByRole('radio', { name: 'Русский' }).isChecked()).toBe(true);
    await page.locator('#startup-loader').waitFor({ state: 'hidden', timeout: 10_000 });
    await shot(page, 'profile-signed-in-ru-360');
    // The sign-in went out while the page was English; requests since say Russian.
    const signIns = asked.filter((request) => request.path === '/api/auth/login/');
    expect(signIns.map((request) => request.language)).toEqual(['en', 'en']);
    await askedInRussian;
    expect(asked.slice(asked.lastIndexOf(signIns[1] as (typeof asked)[number]) + 1).map((r) => r.language)).toContain(
      'ru',
    );

    // The choice on the profile goes to the account.
    const patched = page.waitForRequest(
      (request) => request.method() === 'PATCH' && request.url().includes('/api/users/profile/'),
    );
    await language.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    const patch = await patched;
    expect(patch.postDataJSON()).toEqual({ language: 'en' });
    expect(patch.headers()['accept-language']).toBe('en');
    let stored = await storedLanguage(account.access);
    for (let attempt = 0; attempt < 50 && stored !== 'en'; attempt += 1) {
      await page.waitForTimeout(100);
      stored = await storedLanguage(account.access);
    }
    expect(stored).toBe('en');
    await shot(page, 'profile-signed-in-en-360');
    await context.close();
  });
});
