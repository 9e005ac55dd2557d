/**
 * A guest whose browser prefers Russian (`ru-RU`) sees the shell and the profile in Russian at
 * 360 × 740 with nothing wider than the screen (Russian strings are the longer ones), switches to
 * English on the profile without a reload, reloads and stays in English.
 */
import { baseUrl, expectNoHorizontalOverflow, journeyBrowser } from '../support/browser';
import { journeyShots } from '../support/screenshots';

const PHONE = { width: 360, height: 740 };

const browser = journeyBrowser();
const shot = journeyShots('russian');

describe('a guest whose browser speaks Russian', () => {
  it('sees the shell and the profile in Russian at 360 px, switches to English at once and keeps it after a reload', async () => {
    const context = await browser.newContext({ viewport: PHONE, locale: 'ru-RU' });
    const page = await context.newPage();

    await page.goto(`${baseUrl()}/`);
    const tabs = page.getByRole('navigation', { name: 'Вкладки' });
    await tabs.waitFor({ state: 'visible', timeout: 15_000 });
    await tabs.getByRole('link', { name: 'Главная' }).waitFor({ state: 'visible' });
    await page.getByRole('navigation', { name: 'Быстрые ссылки' }).getByRole('link', { name: 'Награды' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    await shot(page, 'home-ru-360');
    await expectNoHorizontalOverflow(page);

    await tabs.getByRole('link', { name: 'Профиль' }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'Профиль', level: 1 }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Ссылка на почту' }).waitFor();
    const language = page.getByRole('group', { name: 'Язык' });
    await language.waitFor();
    expect(await language.getByRole('radio', { name: 'Русский' }).isChecked()).toBe(true);
    await shot(page, 'profile-ru-360');
    await expectNoHorizontalOverflow(page);

    // A marker on the window survives only if the page is not reloaded.
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await language.getByRole('radio', { name: 'English' }).check();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Home' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    await page.reload();
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor({ timeout: 15_000 });
    await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Home' }).waitFor();
    expect(
      await page.getByRole('group', { name: 'Language' }).getByRole('radio', { name: 'English' }).isChecked(),
    ).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await shot(page, 'profile-en-360');
    await expectNoHorizontalOverflow(page);
    await context.close();
  });
});
