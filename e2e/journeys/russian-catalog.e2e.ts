/**
 * A viewer whose browser prefers Russian (`ru-RU`) walks the catalogue at 360 × 740: home (with the
 * episode they started under "Продолжить просмотр"), a series page (episodes counted the Russian way,
 * adding it to their list), search (results and the recent searches), For you, My list and the watch
 * history, all in Russian with nothing wider than the screen.
 */
import { registerAccount, sessionInitScript } from '../support/accounts';
import { baseUrl, expectNoHorizontalOverflow, journeyBrowser } from '../support/browser';
import { coinSeries, episodesOf } from '../support/catalogue';
import { journeyShots } from '../support/screenshots';

const PHONE = { width: 360, height: 740 };

const browser = journeyBrowser();
const shot = journeyShots('russian-catalog');

/** The viewer has watched 40 % of the series' first episode (what the player would have saved). */
async function startFirstEpisode(access: string, seriesId: number) {
  const first = (await episodesOf(seriesId, access)).sort((a, b) => a.episode_number - b.episode_number)[0];
  if (!first) throw new Error(`series ${seriesId} has no episodes`);
  const response = await fetch(`${baseUrl()}/api/episodes/${first.id}/watch-progress/`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` },
    body: JSON.stringify({ progress: 40, position_seconds: 20 }),
  });
  if (!response.ok) throw new Error(`watch-progress answered ${response.status}`);
}

describe('a viewer whose browser speaks Russian', () => {
  it('walks home, a series page, search, For you, My list and the history in Russian at 360 px', async () => {
    const account = await registerAccount('russkiy');
    const [series] = await coinSeries(4);
    if (!series) throw new Error('no coin series with 4 episodes in the demo catalogue');
    await startFirstEpisode(account.access, series.id);

    const context = await browser.newContext({ viewport: PHONE, locale: 'ru-RU' });
    await context.addInitScript(sessionInitScript(account));
    const page = await context.newPage();
    const root = page.locator('#root');

    // Home.
    await page.goto(`${baseUrl()}/`);
    await root.getByRole('heading', { level: 1, name: 'Посмотрите что-то захватывающее' }).waitFor({ timeout: 30_000 });
    await root.getByRole('heading', { level: 2, name: 'Продолжить просмотр' }).waitFor({ timeout: 15_000 });
    await root.getByRole('link', { name: /^Продолжить .+, серия 1, просмотрено 40%$/ }).waitFor();
    await root.getByRole('heading', { level: 2, name: 'Все сериалы' }).waitFor();
    await root.getByRole('group', { name: 'Фильтр по категориям' }).getByRole('button', { name: 'Все' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    await shot(page, 'catalog-home-ru-360');
    await expectNoHorizontalOverflow(page);

    // A series page: its totals, the resume button, adding it to the list.
    await page.goto(`${baseUrl()}/series/${series.id}`);
    await root.getByRole('heading', { level: 2, name: 'Серии' }).waitFor({ timeout: 20_000 });
    await root.getByRole('link', { name: 'Продолжить серию 1' }).waitFor();
    expect(await root.getByTestId('series-totals').textContent()).toMatch(/^\d+ сери(я|и|й) · \d+ мин · /);
    await root.getByRole('link', { name: /^Серия 1: .+, просмотрено 40%$/ }).waitFor();
    await root
      .getByRole('link', { name: /^Серия \d+: .+Закрыта · \d+ монет(а|ы)?$/ })
      .first()
      .waitFor();
    await root.getByRole('button', { name: 'Мой список (нажмите, чтобы добавить)' }).click();
    await root.getByRole('button', { name: 'В моём списке (нажмите, чтобы убрать)' }).waitFor();
    await root.getByRole('button', { name: /^Поделиться «.+»$/ }).waitFor();
    await shot(page, 'catalog-series-ru-360');
    await expectNoHorizontalOverflow(page);

    // Search: results, then the recent searches once the box is empty.
    await page.goto(`${baseUrl()}/search`);
    await root.getByRole('heading', { level: 1, name: 'Поиск' }).waitFor({ timeout: 15_000 });
    const box = root.getByRole('searchbox', { name: 'Поиск сериалов и серий' });
    expect(await box.getAttribute('placeholder')).toBe('Название, сюжет или тег');
    await box.fill('heir');
    await box.press('Enter');
    await root.getByRole('heading', { name: /^Сериалы \(\d+\)$/ }).waitFor({ timeout: 15_000 });
    await shot(page, 'catalog-search-ru-360');
    await expectNoHorizontalOverflow(page);
    await box.fill('');
    await root.getByRole('heading', { level: 2, name: 'Вы искали' }).waitFor({ timeout: 15_000 });
    await root.getByRole('button', { name: 'Очистить' }).waitFor();
    await root.getByRole('button', { name: 'heir' }).waitFor();
    await shot(page, 'catalog-search-history-ru-360');
    await expectNoHorizontalOverflow(page);

    // For you.
    await page.goto(`${baseUrl()}/foryou`);
    await root.getByRole('heading', { level: 1, name: 'Для вас' }).waitFor({ state: 'attached', timeout: 20_000 });
    await root.getByRole('button', { name: 'Включить звук' }).waitFor();
    await root.getByRole('link', { name: 'К сериалу' }).first().waitFor();
    // The lead into the series keeps to one line beside the feed's controls.
    const lead = root.locator('.feed-item:not([aria-hidden="true"]) .feed-actions .ch-button').first();
    expect((await lead.boundingBox())?.height).toBeLessThan(50);
    await shot(page, 'catalog-for-you-ru-360');
    await expectNoHorizontalOverflow(page);

    // My list: the series just added, with a Russian Remove button.
    await page.goto(`${baseUrl()}/mylist`);
    await root.getByRole('heading', { level: 1, name: 'Мой список' }).waitFor({ timeout: 20_000 });
    const saved = root.getByRole('list', { name: 'Сохранённые сериалы' });
    await saved.waitFor({ timeout: 15_000 });
    expect(await saved.getByRole('listitem').count()).toBe(1);
    await saved.getByRole('button', { name: /^Убрать «.+» из моего списка$/ }).waitFor();
    await shot(page, 'catalog-my-list-ru-360');
    await expectNoHorizontalOverflow(page);

    // The watch history, with the episode started above.
    await page.goto(`${baseUrl()}/account-dashboard/history`);
    await root.getByRole('heading', { name: 'История просмотров' }).first().waitFor({ timeout: 20_000 });
    await root.getByText('Серия 1').first().waitFor({ timeout: 15_000 });
    await shot(page, 'catalog-history-ru-360');
    await expectNoHorizontalOverflow(page);

    await context.close();
  }, 180_000);
});
