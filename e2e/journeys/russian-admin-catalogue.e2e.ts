/**
 * A staff member whose browser prefers Russian (`ru-RU`) works on the catalogue in Russian, on a
 * phone (360 × 740) and on a wide screen (1440 × 900): the series list, a series' form with its
 * Russian title and audio language, its episodes with their prices in coins (1 монета, 2 монеты,
 * 5 монет), every episode, an episode's form, the media library and the thumbnail preview — with
 * nothing wider than the screen, and a screenshot of each.
 */
import type { Browser, Page } from 'playwright-core';
import { baseUrl, expectNoHorizontalOverflow, launchBrowser } from '../support/browser';
import { journeyShots } from '../support/screenshots';
import { createStaffAccount, type StaffAccount } from '../support/staff-accounts';
import { makeStillImage, type TempDir, tempDir } from '../support/staff-media';

const PHONE = { width: 360, height: 740 };
const WIDE = { width: 1440, height: 900 };
const shot = journeyShots('russian-admin-catalogue');

let browser: Browser;
let staff: StaffAccount;
let series: { id: number; title: string };
let firstEpisode: { id: number; title: string };
let scratch: TempDir;
let still: string;

async function staffCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl()}/api/admin${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${staff.access}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  scratch = await tempDir();
  [browser, staff, still] = await Promise.all([
    launchBrowser(),
    createStaffAccount('ru-catalogue'),
    // A long name, so the file's caption and address must fit a phone's column.
    makeStillImage(scratch.dir, {
      name: 'a-rather-long-poster-name-for-a-phone.png',
      width: 320,
      height: 480,
      color: 'teal',
    }),
  ]);
  series = await staffCall('POST', '/series/', { title: `Night Ledger ${Date.now().toString(36)}` });
  const episodes = [];
  for (const [title, coin_cost] of [
    ['The First Column', 1],
    ['The Second Column', 2],
    ['The Balance', 5],
  ] as const) {
    episodes.push(
      await staffCall<{ id: number; title: string }>('POST', `/series/${series.id}/episodes/`, {
        title,
        is_free: false,
        coin_cost,
      }),
    );
  }
  firstEpisode = episodes[0] as { id: number; title: string };
});
afterAll(async () => {
  await browser?.close();
  await scratch?.remove();
});

/** Signs in on the staff sign-in page by its fields (whatever language their labels are in). */
async function signIn(page: Page) {
  await page.goto(`${baseUrl()}/admin-login`);
  await page.locator('#admin-email').fill(staff.email);
  await page.locator('#admin-password').fill(staff.password);
  await page.locator('form.admin-form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/admin', { timeout: 15_000 });
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, level: 1 });

describe('staff whose browser speaks Russian', () => {
  it.each([
    ['360', PHONE],
    ['1440', WIDE],
  ])('work on series, episodes and media in Russian at %s px', async (width, viewport) => {
    const context = await browser.newContext({ viewport, locale: 'ru-RU' });
    const page = await context.newPage();
    await signIn(page);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');

    // The series list.
    await page.goto(`${baseUrl()}/admin/series`);
    await heading(page, 'Сериалы').waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'Новый сериал' }).waitFor();
    // The series table's head (the genre names' table below it has a column of that name too).
    await page.getByRole('columnheader', { name: 'Название' }).first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Все серии' }).waitFor();
    await shot(page, `series-list-ru-${width}`);
    await expectNoHorizontalOverflow(page);

    // A new series' form.
    await page.goto(`${baseUrl()}/admin/series/new`);
    await heading(page, 'Новый сериал').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Создать сериал' }).waitFor();
    await page.getByRole('group', { name: 'На русском' }).waitFor();

    // The series' form, with its Russian title and audio language filled in.
    await page.goto(`${baseUrl()}/admin/series/${series.id}/edit`);
    await heading(page, `Изменить «${series.title}»`).waitFor({ timeout: 15_000 });
    await page.getByRole('region', { name: 'Публикация' }).waitFor();
    await page.getByLabel('Название на русском', { exact: true }).fill('Ночная бухгалтерия');
    await page
      .getByLabel('Описание на русском', { exact: true })
      .fill('Ночной аудитор находит книгу, которая сходится сама.');
    const audio = page.getByLabel('Язык озвучки', { exact: true });
    expect(await audio.locator('option').allTextContents()).toEqual(['Английский', 'Русский']);
    await audio.selectOption('ru');
    expect(await page.getByLabel('Название на русском', { exact: true }).inputValue()).toBe('Ночная бухгалтерия');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Изображения' }).waitFor();
    await shot(page, `series-form-ru-${width}`);
    await expectNoHorizontalOverflow(page);

    // The series' episodes, each price with the right form of «монета».
    await page.goto(`${baseUrl()}/admin/series/${series.id}/episodes`);
    await heading(page, `Серии «${series.title}»`).waitFor({ timeout: 15_000 });
    const rows = page.locator('.admin-episode-row .admin-episode-title');
    await rows.nth(2).waitFor({ timeout: 15_000 });
    // Numbers stay on the line of their word (a no-break space); compared here on plain spaces.
    const prices = (await rows.allTextContents()).map(
      (text) =>
        text
          .replace(/\u00a0/g, ' ')
          .split(' — ')[1]
          ?.split(' · ')[0],
    );
    expect(prices).toEqual(['1 монета', '2 монеты', '5 монет']);
    await page.getByRole('link', { name: 'Новая серия' }).waitFor();
    await page.getByRole('heading', { name: 'Цены для всех серий сразу' }).waitFor();
    await shot(page, `series-episodes-ru-${width}`);
    await expectNoHorizontalOverflow(page);

    // Every episode.
    await page.goto(`${baseUrl()}/admin/episodes`);
    await heading(page, 'Все серии').waitFor({ timeout: 15_000 });
    await page.getByRole('columnheader', { name: 'Цена' }).waitFor({ timeout: 15_000 });
    await shot(page, `all-episodes-ru-${width}`);
    await expectNoHorizontalOverflow(page);

    // An episode's form.
    await page.goto(`${baseUrl()}/admin/episodes/${firstEpisode.id}/edit`);
    await heading(page, `Изменить «${firstEpisode.title}»`).waitFor({ timeout: 15_000 });
    await page.getByLabel('Название на русском', { exact: true }).fill('Первая колонка');
    await page.getByRole('heading', { name: 'Видео' }).waitFor();
    await page.getByRole('button', { name: 'Сохранить', exact: true }).waitFor();
    await shot(page, `episode-form-ru-${width}`);
    await expectNoHorizontalOverflow(page);

    // The media library.
    await page.goto(`${baseUrl()}/admin/media`);
    await heading(page, 'Медиатека').waitFor({ timeout: 15_000 });
    for (const name of ['Видео', 'Изображения', 'Обработка', 'Файлы']) {
      await page.getByRole('heading', { name, exact: true }).waitFor();
    }
    await page.getByLabel('Загрузить видео (MP4, MOV, WebM или MKV)').waitFor();
    // An uploaded image joins the files with its address.
    await page.getByLabel('Загрузить изображение (JPEG, PNG или WebP)').setInputFiles(still);
    await page.getByRole('textbox', { name: 'Адрес изображения' }).first().waitFor({ timeout: 30_000 });
    await shot(page, `media-library-ru-${width}`);
    await expectNoHorizontalOverflow(page);

    // The thumbnail preview.
    await page.goto(`${baseUrl()}/admin/test-thumbnail`);
    await heading(page, 'Просмотр миниатюр').waitFor({ timeout: 15_000 });
    await page.getByLabel('Номер (id) серии').fill(String(firstEpisode.id));
    await page.getByText('Миниатюра серии', { exact: true }).waitFor({ timeout: 15_000 });
    await shot(page, `thumbnail-preview-ru-${width}`);
    await expectNoHorizontalOverflow(page);

    await context.close();
  });
});
