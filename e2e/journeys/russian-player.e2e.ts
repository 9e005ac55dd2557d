/**
 * A guest whose browser prefers Russian (`ru-RU`) watches on a 360 × 740 phone: a free episode plays
 * under a Russian top bar, rail and episode drawer; a locked episode's paywall offers it for coins with
 * Russian plurals ("Открыть за 5 монет", "Ваш баланс: 0 монет"), and the unlock offer that opens
 * over it prices the coin packs in roubles written the Russian way ("149 ₽"). Nothing is wider than
 * the screen (Russian strings are the longer ones).
 */
import type { Page } from 'playwright-core';
import { baseUrl, expectNoHorizontalOverflow, journeyBrowser } from '../support/browser';
import { coinSeries, episodesOf, lockedEpisode } from '../support/catalogue';
import { journeyShots } from '../support/screenshots';
import { waitForPlayback } from '../support/viewer-helpers';

const PHONE = { viewport: { width: 360, height: 740 }, locale: 'ru-RU', isMobile: true, hasTouch: true };

const browser = journeyBrowser();
const shot = journeyShots('russian-player', { fullPage: false });

/** Russian plural forms of a count: [one, few, many] ("1 монету", "2 монеты", "5 монет"). */
function ru(count: number, [one, few, many]: readonly [string, string, string]): string {
  const form = new Intl.PluralRules('ru').select(count);
  return `${count} ${form === 'one' ? one : form === 'few' ? few : many}`;
}

/** Every button and link on screen fits inside the viewport (nothing clipped at the right edge). */
async function expectControlsInside(page: Page) {
  const outside = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && (box.left < -1 || box.right > window.innerWidth + 1);
      })
      .map((element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName),
  );
  expect(outside).toEqual([]);
}

describe('a guest whose browser speaks Russian, in the player at 360 px', () => {
  it('watches a free episode with Russian controls and meets a Russian paywall and a rouble price on a locked one', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();

    // A free episode plays under a Russian top bar, with the rail in Russian.
    const series = (await coinSeries(4))[0];
    expect(series).toBeTruthy();
    const episodes = await episodesOf(series?.id as number);
    const free = episodes.find((e) => e.is_free);
    expect(free).toBeTruthy();
    await page.goto(`${baseUrl()}/player/${series?.id}/episode/${free?.id}`);
    const player = page.getByRole('main', { name: new RegExp(`^Плеер: .* · Серия ${free?.episode_number}$`) });
    await player.waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    await page
      .getByRole('heading', { level: 1, name: new RegExp(`Серия ${free?.episode_number} / ${episodes.length}`) })
      .waitFor();
    await page.getByRole('button', { name: 'Назад' }).waitFor();
    await page.getByRole('button', { name: /^(Мой список|В списке)$/ }).waitFor();
    await page.getByRole('button', { name: 'Поделиться' }).waitFor();
    await page.getByRole('slider', { name: 'Перемотка' }).waitFor();
    await waitForPlayback(page, 0.3, 30_000);
    await shot(page, 'player-free-ru-360');
    await expectNoHorizontalOverflow(page);
    await expectControlsInside(page);

    // The episode drawer counts the episodes with the right plural and names each tile in Russian.
    await page.getByRole('button', { name: 'Серии', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Серии' });
    await drawer.waitFor();
    await drawer.getByText(ru(episodes.length, ['серия', 'серии', 'серий']), { exact: true }).waitFor();
    await drawer
      .getByRole('button', { name: /^Серия 1, \d+:\d\d, Бесплатно/ })
      .first()
      .waitFor();
    await drawer.getByRole('switch', { name: 'Автопереход' }).waitFor();
    await shot(page, 'player-drawer-ru-360');
    await expectNoHorizontalOverflow(page);
    await expectControlsInside(page);
    await drawer.getByRole('button', { name: 'Закрыть список серий' }).click();
    await drawer.waitFor({ state: 'hidden' });

    // A locked episode: the paywall offers it for coins, with Russian plurals, and a guest has none.
    const { seriesId, episode } = await lockedEpisode();
    await page.goto(`${baseUrl()}/player/${seriesId}/episode/${episode.id}`);
    const paywall = page.getByRole('dialog', { name: `Серия ${episode.episode_number} закрыта` });
    await paywall.waitFor({ timeout: 20_000 });
    const price = ru(episode.coin_cost, ['монету', 'монеты', 'монет']);
    const unlock = paywall.getByRole('button', { name: `Открыть за ${price}` });
    await unlock.waitFor();
    expect((await paywall.locator('.paywall-cost').textContent())?.trim()).toBe(`Открыть за ${price}`);
    await paywall.getByTestId('paywall-balance').getByText('Ваш баланс: 0 монет').waitFor();
    await paywall.getByRole('link', { name: 'Оформить Gold' }).waitFor();
    await paywall.getByRole('button', { name: 'Купить монеты' }).waitFor();
    // The paywall keeps clear of the right rail, so neither covers the other's buttons.
    const box = await paywall.boundingBox();
    const rail = await page.locator('.player-rail').boundingBox();
    expect(box && rail && box.x + box.width <= rail.x).toBe(true);
    await shot(page, 'player-paywall-ru-360');
    await expectNoHorizontalOverflow(page);
    await expectControlsInside(page);

    // Short of coins, the unlock offer opens over the episode with the packs priced in roubles.
    await unlock.click();
    const sheet = page.getByTestId('unlock-sheet');
    await sheet.waitFor({ timeout: 15_000 });
    await sheet
      .getByText(/\d[\d\s\u00a0]*(,\d\d)?[\s\u00a0]₽/)
      .first()
      .waitFor();
    await page.waitForTimeout(400); // the sheet slides up
    await shot(page, 'player-unlock-offer-ru-360');
    await expectNoHorizontalOverflow(page);
    await context.close();
  });
});
