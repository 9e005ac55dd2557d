/**
 * A staff member whose browser prefers Russian (`ru-RU`) signs in at /admin-login and walks the staff
 * area in Russian — the dashboard, analytics with its charts, users with one user's details, settings
 * and releases — on a 360 px phone and at 1440 px, with nothing wider than the screen (Russian strings
 * are the longer ones). Each screen is saved as a picture.
 */
import type { Browser, Page } from 'playwright-core';
import { baseUrl, expectNoHorizontalOverflow, launchBrowser } from '../support/browser';
import { journeyShots } from '../support/screenshots';
import { createStaffAccount, type StaffAccount } from '../support/staff-accounts';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1440, height: 900 };
const shot = journeyShots('russian-admin');

let browser: Browser;
let staff: StaffAccount;
beforeAll(async () => {
  [browser, staff] = await Promise.all([launchBrowser(), createStaffAccount('rustaff')]);
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a staff section from the section list and waits for its Russian heading. */
async function openSection(page: Page, link: string, path: string, heading: string) {
  await page.getByRole('navigation', { name: 'Разделы для сотрудников' }).getByRole('link', { name: link }).click();
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor({ timeout: 15_000 });
}

describe.each([
  ['360', PHONE],
  ['1440', DESKTOP],
])('a staff member whose browser speaks Russian, at %s px', (width, viewport) => {
  it('signs in and sees the dashboard, analytics, users, settings and releases in Russian, nothing wider than the screen', async () => {
    const context = await browser.newContext({ viewport, locale: 'ru-RU' });
    const page = await context.newPage();

    // The staff sign-in page.
    await page.goto(`${baseUrl()}/admin-login`);
    await page.getByRole('heading', { name: 'Вход для сотрудников', level: 1 }).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    await page.getByRole('link', { name: 'Создайте аккаунт сотрудника' }).waitFor();
    await shot(page, `admin-login-ru-${width}`);
    await expectNoHorizontalOverflow(page);
    await page.getByLabel('Электронная почта').fill(staff.email);
    await page.getByLabel('Пароль').fill(staff.password);
    await page.getByRole('button', { name: 'Войти' }).click();

    // The dashboard: today's and the month's figures.
    await page.waitForURL((url) => url.pathname === '/admin', { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Сводка', level: 1 }).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Сегодня' }).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'За 30 дней' }).waitFor();
    await page.getByText('Активные зрители').first().waitFor();
    await shot(page, `admin-dashboard-ru-${width}`);
    await expectNoHorizontalOverflow(page);

    // Analytics: the period in Russian plurals, the charts' legends in Russian.
    await openSection(page, 'Аналитика', '/admin/analytics', 'Аналитика');
    await page.getByRole('heading', { name: 'Просмотры и зрители по дням' }).waitFor({ timeout: 15_000 });
    await page.getByRole('combobox', { name: 'Период' }).waitFor();
    await page.getByRole('option', { name: '30 дней' }).waitFor({ state: 'attached' });
    await page.getByRole('heading', { name: 'Удержание новых пользователей' }).waitFor();
    await page.locator('.recharts-legend-item-text', { hasText: 'Просмотры' }).first().waitFor({ timeout: 15_000 });
    await shot(page, `admin-analytics-ru-${width}`);
    await expectNoHorizontalOverflow(page);

    // Users: the search, the list and one user's details.
    await openSection(page, 'Пользователи', '/admin/users', 'Пользователи');
    await page.getByRole('searchbox', { name: 'Поиск по почте или имени' }).fill(staff.username);
    await page.getByRole('columnheader', { name: 'Статус' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: staff.username }).click();
    await page.getByRole('group', { name: 'Права' }).waitFor({ timeout: 15_000 });
    await page.getByRole('heading', { name: 'Движение монет' }).waitFor();
    await page.getByText('Свой баланс монет менять нельзя. Пожалуйста, попросите другого сотрудника.').waitFor();
    await shot(page, `admin-users-ru-${width}`);
    await expectNoHorizontalOverflow(page);

    // Settings: every form in Russian.
    await openSection(page, 'Настройки', '/admin/settings', 'Настройки');
    await page.getByRole('heading', { name: 'Пакеты монет' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Сохранить пакеты' }).waitFor();
    await page.getByRole('heading', { name: 'Предложение на первую покупку' }).waitFor();
    await page.getByRole('button', { name: 'Сохранить награды' }).waitFor();
    await shot(page, `admin-settings-ru-${width}`);
    await expectNoHorizontalOverflow(page);

    // Releases: each remote's card and its versions.
    await openSection(page, 'Релизы', '/admin/releases', 'Релизы');
    await page.getByRole('region', { name: 'Кошелёк' }).waitFor({ timeout: 15_000 });
    await page.getByRole('columnheader', { name: 'Доля сбоев' }).first().waitFor();
    await shot(page, `admin-releases-ru-${width}`);
    await expectNoHorizontalOverflow(page);
    await context.close();
  });
});
