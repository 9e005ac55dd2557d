/**
 * The payments desk (issue #39), on a 390 px phone and at 1440 px. A viewer buys coins on the dev
 * checkout; a superuser finds the payment by the viewer's e-mail on the Payments screen, refunds half
 * of it with a reason after confirming, and sees the toast, the refund in the payment's history with
 * the reason on the ledger row, and the coins taken back — never counted twice.
 */
import type { Browser } from 'playwright-core';
import { registerAccount, type SignedInAccount } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { baseUrl, expectNoHorizontalOverflow, launchBrowser } from '../support/browser';
import { journeyShots } from '../support/screenshots';
import { createSuperuserAccount, type StaffAccount, signInAsStaff, superuserAccess } from '../support/staff-accounts';

const shot = journeyShots('admin-payments');
let browser: Browser;
let boss: StaffAccount;

beforeAll(async () => {
  [browser, boss] = await Promise.all([launchBrowser(), createSuperuserAccount('payboss')]);
});
afterAll(async () => {
  await browser?.close();
});

/** Buys the first coin pack through the API and presses Pay on the dev checkout, as its form posts. */
async function buyCoins(viewer: SignedInAccount): Promise<void> {
  const headers = { Authorization: `Bearer ${viewer.access}`, 'Content-Type': 'application/json' };
  const started = await fetch(`${baseUrl()}/api/coins/purchase/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ package_id: 1 }),
  });
  if (!started.ok) throw new Error(`the purchase answered ${started.status}: ${await started.text()}`);
  const address = new URL((await started.json()).url as string, baseUrl());
  const paid = await fetch(`${baseUrl()}${address.pathname}/pay${address.search}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  if (paid.status !== 303) throw new Error(`paying answered ${paid.status}`);
}

const balanceOf = async (viewer: SignedInAccount) =>
  (
    (await (
      await fetch(`${baseUrl()}/api/coins/balance/`, { headers: { Authorization: `Bearer ${viewer.access}` } })
    ).json()) as { balance: number }
  ).balance;

describe.each([
  ['390', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
  ['1440', { viewport: { width: 1440, height: 900 } }],
])('the payments desk at %s px', (width, device) => {
  it('finds a viewer’s payment and refunds half of it with a reason, the coins following once', async () => {
    const viewer = await registerAccount(`payer${width}`);
    await buyCoins(viewer);
    const bought = await balanceOf(viewer);

    const context = await browser.newContext(device);
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await signInAsStaff(page, boss);
    await page.goto(`${baseUrl()}/admin/payments`);
    await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor({ timeout: 15_000 });
    await page.getByLabel('Search by viewer (e-mail, username or id)').fill(viewer.user.email);
    const open = page.getByRole('button', { name: new RegExp(`^Payment #\\d+ of ${viewer.user.email}$`) });
    await open.waitFor({ timeout: 15_000 });
    await expectNoHorizontalOverflow(page);
    await shot(page, `payments-list-${width}`);
    await open.click();

    const amount = page.getByLabel(/Amount to refund/);
    await amount.waitFor({ timeout: 15_000 });
    const full = Number((await amount.inputValue()).replace(',', '.'));
    await amount.fill((full / 2).toFixed(2));
    await page.getByLabel(/^Reason/).fill('Asked for half back');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.getByText(/^Refunded /).waitFor({ timeout: 15_000 });
    await page.getByText('Staff note: Asked for half back').waitFor({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoHorizontalOverflow(page);
    await shot(page, `payment-refunded-${width}`);
    await context.close();

    // What the balance lost is exactly what the payment says it took back: once, whatever was clicked.
    const found = await fetch(`${baseUrl()}/api/admin/payments/?search=${encodeURIComponent(viewer.user.email)}`, {
      headers: { Authorization: `Bearer ${await superuserAccess()}` },
    });
    const [payment] = (await found.json()).results as Array<{ coins_reversed: number; refunded_minor: number }>;
    expect(payment?.coins_reversed).toBeGreaterThan(0);
    expect(bought - (await balanceOf(viewer))).toBe(payment?.coins_reversed);
  });
});
