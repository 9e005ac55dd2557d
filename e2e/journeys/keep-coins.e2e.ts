/**
 * Nothing a guest paid for is unreachable (issue #35), on a phone: a guest buys coins, gives an e-mail
 * in the "Keep your coins on any device" prompt right after paying, loses everything the browser
 * stored, and gets the coins back through "Bought coins as a guest? Get them back" and the mailed link
 * (read from the dev outbox). Screenshots of the prompt and the recovery screen at 390×844 and 1440×900.
 * A guest who skips the prompt gets the coins back the same way through the address its receipt went to.
 */
import type { Browser, Page } from 'playwright-core';
import { baseUrl, expectNoHorizontalOverflow, launchBrowser } from '../support/browser';
import { headerCoins, mailedLink, payOnDevCheckout, waitForHeaderCoins } from '../support/money-helpers';
import { journeyShots } from '../support/screenshots';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const shot = journeyShots('keep-coins', { fullPage: false });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** Screenshots at the phone's size and a desktop's, then back to the phone. */
async function bothSizes(page: Page, name: string) {
  await shot(page, `${name}-390`);
  await expectNoHorizontalOverflow(page);
  await page.setViewportSize(DESKTOP);
  await shot(page, `${name}-1440`);
  await page.setViewportSize(PHONE);
}

const waitForGuest = (page: Page) =>
  page.waitForFunction(() => !!localStorage.getItem('access_token') && localStorage.getItem('is_guest') === 'true');

describe('a guest who paid keeps the coins with an e-mail', () => {
  it('buys coins, gives an e-mail, loses the browser’s storage and gets the coins back by the mailed link', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const email = `keeper-${Date.now()}@example.com`;

    await page.goto(`${baseUrl()}/coins`);
    await waitForGuest(page);
    await page.getByRole('heading', { name: 'Coin store', level: 1 }).waitFor();
    const before = await headerCoins(page);
    await page
      .getByRole('button', { name: /^Buy .* coins for/ })
      .first()
      .click();
    await payOnDevCheckout(page);
    await page.getByText(/^Payment complete\. You now have/).waitFor();
    await page.getByRole('region', { name: 'Keep your coins on any device' }).waitFor();
    const prompt = page.getByTestId('keep-coins');
    const paid = await headerCoins(page);
    expect(paid).toBeGreaterThan(before);
    await prompt.scrollIntoViewIfNeeded();
    await bothSizes(page, 'prompt');

    await prompt.getByLabel('Your e-mail').fill(email);
    await prompt.getByRole('button', { name: 'Keep my coins' }).click();
    await prompt.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    await prompt.getByText(`We sent a link to ${email}.`).waitFor();
    await shot(page, 'prompt-sent-390');

    // The browser forgets everything: a new, empty guest.
    await context.clearCookies();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto(`${baseUrl()}/profile`);
    await waitForGuest(page);
    await waitForHeaderCoins(page, 0);

    await page.getByRole('button', { name: 'Bought coins as a guest? Get them back' }).click();
    const recover = page.getByRole('heading', { name: 'Get your coins back' });
    await recover.waitFor();
    await bothSizes(page, 'recover');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send me the link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await shot(page, 'recover-sent-390');

    // The newest link to the address is the recovery link (the keep link came first).
    const link = await mailedLink(email, 'magic-link-auth');
    await page.goto(link);
    await waitForHeaderCoins(page, paid);
    await page.waitForFunction(() => localStorage.getItem('is_guest') !== 'true');
    await page.goto(`${baseUrl()}/coins`);
    await page.getByLabel('Your balance').waitFor();
    expect(await page.getByLabel('Your balance').textContent()).toContain(paid.toLocaleString('en-US'));
    await shot(page, 'recovered-390');
    await context.close();
  });

  it('buys coins giving only the receipt address at checkout, loses the browser’s storage and gets the coins back through it', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const email = `receipt-${Date.now()}@example.com`;
    await page.goto(`${baseUrl()}/coins`);
    await waitForGuest(page);
    await page
      .getByRole('button', { name: /^Buy .* coins for/ })
      .first()
      .click();
    await payOnDevCheckout(page, email);
    await page.getByText(/^Payment complete\. You now have/).waitFor();
    const paid = await headerCoins(page);

    await page.evaluate(() => localStorage.clear());
    await page.goto(`${baseUrl()}/profile`);
    await waitForGuest(page);
    await waitForHeaderCoins(page, 0);
    await page.getByRole('button', { name: 'Bought coins as a guest? Get them back' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send me the link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();
    await page.goto(await mailedLink(email, 'magic-link-auth'));
    await waitForHeaderCoins(page, paid);
    await context.close();
  });
});
