/**
 * A signed-in viewer whose browser prefers Russian (`ru-RU`) goes through the wallet at 360 × 740:
 * the coin store, Gold, a checkout cancelled and one paid on the payment page, the transactions it
 * left and the card form — every heading and button in Russian, coins counted the Russian way, prices
 * in roubles, and nothing wider than the screen.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { registerAccount, sessionInitScript } from '../support/accounts';
import { baseUrl, expectNoHorizontalOverflow, launchBrowser } from '../support/browser';
import { payOnDevCheckout, waitForHeaderCoins } from '../support/money-helpers';

const PHONE = { width: 360, height: 740 };
const SHOTS = process.env.E2E_SHOTS_DIR ?? join(tmpdir(), 'cliffhanger-e2e-russian-wallet');

interface Pack {
  id: number;
  coins: number;
  bonus_coins: number;
  price: number;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function shot(page: Page, name: string) {
  // The start-up logo covers the page until the shell has drawn it.
  await page.locator('#startup-loader').waitFor({ state: 'hidden', timeout: 10_000 });
  // From the top, so the sticky header is drawn where it belongs in a full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Russian coin counts: 1 монета, 2 монеты, 5 монет (11–14 монет). */
function russianCoins(count: number): string {
  const ten = count % 10;
  const hundred = count % 100;
  const word =
    ten === 1 && hundred !== 11
      ? 'монета'
      : ten >= 2 && ten <= 4 && (hundred < 12 || hundred > 14)
        ? 'монеты'
        : 'монет';
  return `${count.toLocaleString('ru-RU')} ${word}`;
}

/** Intl writes Russian thousands and the rouble sign with no-break spaces: match any space. */
const spaced = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s/g, '\\s'));

describe('a viewer whose browser speaks Russian, in the wallet', () => {
  it('buys coins, sees Gold, its transactions and the card form in Russian at 360 px', async () => {
    const packages = (await (await fetch(`${baseUrl()}/api/coins/packages/`)).json()) as Pack[];
    expect(packages.length).toBeGreaterThan(0);
    const pack = packages[0];
    const total = pack.coins + pack.bonus_coins;
    const account = await registerAccount('ruwallet');
    const context = await browser.newContext({ viewport: PHONE, locale: 'ru-RU' });
    await context.addInitScript(sessionInitScript(account));
    const page = await context.newPage();

    // The coin store.
    await page.goto(`${baseUrl()}/coins`);
    await page.getByRole('heading', { name: 'Магазин монет', level: 1 }).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Пакеты монет', level: 2 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    const balance = page.getByRole('region', { name: 'Ваш баланс' });
    expect(await balance.textContent()).toMatch(spaced(russianCoins(account.user.coin_balance)));
    const buy = page.getByRole('button', { name: spaced(`Купить ${russianCoins(total)} за`) }).first();
    await buy.waitFor();
    expect(await buy.textContent()).toMatch(/^Купить .* монет.? за .*₽$/);
    await page.getByRole('link', { name: 'Смотрите всё без монет с Gold' }).waitFor();
    await shot(page, 'coin-store-ru-360');
    await expectNoHorizontalOverflow(page);

    // A checkout cancelled on the payment page comes back with nothing charged.
    // The payment page speaks Russian too: its heading, what is bought, the price in roubles, its buttons.
    await buy.click();
    await page.waitForURL(/\/api\/dev-checkout\//);
    await page.getByRole('heading', { name: 'Подтвердите покупку', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    await page.getByText(spaced(russianCoins(total))).waitFor();
    await page.getByRole('button', { name: /^Оплатить .*₽$/ }).waitFor();
    await page.screenshot({ path: join(SHOTS, 'checkout-ru-360.png'), fullPage: true });
    await expectNoHorizontalOverflow(page);
    await page.getByRole('button', { name: 'Отмена' }).click();
    await page.waitForURL((url) => url.pathname === '/coins');
    await page.getByTestId('checkout-outcome').getByText('Оплата отменена. Деньги не списаны.').waitFor();
    await page.getByRole('button', { name: 'Скрыть', exact: true }).click();

    // One paid: the outcome and the header follow.
    await page
      .getByRole('button', { name: spaced(`Купить ${russianCoins(total)} за`) })
      .first()
      .click();
    await payOnDevCheckout(page);
    const after = account.user.coin_balance + total;
    await page.getByText(spaced(`Оплата прошла. Теперь у вас ${russianCoins(after)}.`)).waitFor({ timeout: 30_000 });
    await waitForHeaderCoins(page, after);
    await shot(page, 'coin-store-paid-ru-360');
    await expectNoHorizontalOverflow(page);

    // Gold.
    await page.goto(`${baseUrl()}/gold-subscription`);
    await page.getByRole('heading', { name: 'Cliffhanger Gold', level: 1 }).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Что даёт Gold' }).waitFor();
    await page.getByRole('heading', { name: 'Ваша подписка' }).waitFor();
    await page.getByRole('heading', { name: 'Выберите тариф' }).waitFor();
    await page.getByText('бесплатный тариф').waitFor();
    await page.getByRole('button', { name: /^Оформить Gold за .*₽ в месяц$/ }).waitFor();
    await shot(page, 'gold-ru-360');
    await expectNoHorizontalOverflow(page);

    // Coins and Gold side by side, and the daily rewards.
    await page.goto(`${baseUrl()}/store`);
    await page.getByRole('heading', { name: 'Магазин', level: 1 }).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Монеты', level: 2 }).waitFor();
    await page.getByRole('button', { name: /^Оформить Gold за .*₽ в год$/ }).waitFor();
    await shot(page, 'store-ru-360');
    await expectNoHorizontalOverflow(page);
    await page.goto(`${baseUrl()}/rewards`);
    await page.getByRole('heading', { name: 'Награды', level: 1 }).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Ежедневный бонус' }).waitFor();
    await page.getByRole('list', { name: 'Бонусы этой недели' }).getByText('День 1').waitFor();
    await page.getByRole('button', { name: /^Забрать \d+ монет/ }).waitFor();
    await page.getByRole('heading', { name: 'Поделитесь Cliffhanger' }).waitFor();
    await page.getByRole('button', { name: /^(Копировать ссылку|Поделиться…)/ }).waitFor();
    await shot(page, 'rewards-ru-360');
    await expectNoHorizontalOverflow(page);

    // The transactions the purchase left, in the account's balance tab.
    await page.goto(`${baseUrl()}/account-dashboard/balance`);
    const transactions = page.getByRole('region', { name: 'Операции' });
    await transactions.getByRole('heading', { name: 'Операции' }).waitFor({ timeout: 20_000 });
    await transactions
      .getByText(spaced(`+${russianCoins(total)}`))
      .first()
      .waitFor();
    await transactions.getByText(/₽/).first().waitFor();
    await shot(page, 'transactions-ru-360');
    await expectNoHorizontalOverflow(page);

    // The card form, with its messages next to the fields.
    await page.goto(`${baseUrl()}/account-dashboard/payments`);
    await page.getByRole('heading', { name: 'Способы оплаты' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Добавить карту', exact: true }).click();
    const form = page.getByRole('form', { name: 'Новая карта' });
    await form.getByLabel('Номер карты').fill('4242 4242 4242 4241');
    await form.getByRole('button', { name: 'Добавить карту' }).click();
    await form.getByText('Похоже, в номере карты ошибка. Проверьте его.').waitFor();
    await form.getByText('Введите имя, как на карте.').waitFor();
    await page.getByRole('button', { name: 'Закрыть', exact: true }).waitFor();
    await shot(page, 'card-form-ru-360');
    await expectNoHorizontalOverflow(page);
    await context.close();
  });
});
