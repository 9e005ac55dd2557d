/** Helpers for the wallet and account journeys: signed-in pages, the dev checkout and the dev outbox. */
import type { Browser, Page } from 'playwright-core';
import { type SignedInAccount, sessionInitScript } from './accounts';
import { baseUrl } from './browser';
import { headerBalance, waitForHeaderBalance } from './viewer-helpers';

export async function signedInPage(browser: Browser, account: SignedInAccount, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript(sessionInitScript(account));
  return context.newPage();
}

/** Whether the API answers a money route at all (a 404 from the router means it is not built yet). */
export async function moneyRouteExists(path: string): Promise<boolean> {
  const response = await fetch(`${baseUrl()}/api${path}`);
  if (response.status !== 404) return true;
  return !/Route .* not found/i.test(await response.text());
}

/** On the dev provider's local checkout page: press Pay and come back to the product. */
export async function payOnDevCheckout(page: Page, receiptEmail?: string): Promise<void> {
  await page.waitForURL(/\/api\/dev-checkout\//);
  if (receiptEmail) await page.getByLabel('E-mail for your receipt').fill(receiptEmail);
  // The page speaks the language the purchase was started in.
  await page.getByRole('button', { name: /^(Pay|Оплатить) / }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/api/'));
}

/** The coins the header shows. */
export const headerCoins = headerBalance;

/** Waits until the header shows `expected` coins (the money journeys wait up to 30 s for a webhook). */
export function waitForHeaderCoins(page: Page, expected: number, timeout = 30_000): Promise<void> {
  return waitForHeaderBalance(page, expected, timeout);
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The newest link with `param` mailed to `email`, read from GET /api/dev/outbox. */
export async function mailedLink(email: string, param: string, timeout = 15_000): Promise<string> {
  const deadline = Date.now() + timeout;
  const pattern = new RegExp(`https?://[^\\s"'<>]+[?&]${param}=[^\\s"'<>&]+`);
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl()}/api/dev/outbox?limit=100`);
    if (response.ok) {
      const mails = (await response.json()) as OutboxMail[];
      const mail = mails.find((candidate) => candidate.to.includes(email) && pattern.test(candidate.text));
      const link = mail?.text.match(pattern)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail with a ${param} link reached ${email}`);
}
