/**
 * The Gold desk and the genre table (issue #39), on a 390 px phone and at 1440 px. A superuser gives a
 * viewer Gold for 30 days with a reason and reads "Comped until …", then ends it now and reads "Ended
 * on …" — the viewer's own account says the same. A genre no series uses says it is hidden from
 * viewers and is deleted after a confirmation; viewers never saw it as a chip.
 */
import type { Browser } from 'playwright-core';
import { registerAccount, type SignedInAccount } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { baseUrl, expectNoHorizontalOverflow, launchBrowser } from '../support/browser';
import { journeyShots } from '../support/screenshots';
import { createSuperuserAccount, type StaffAccount, signInAsStaff, superuserAccess } from '../support/staff-accounts';

const shot = journeyShots('admin-gold-desk');
let browser: Browser;
let boss: StaffAccount;

beforeAll(async () => {
  [browser, boss] = await Promise.all([launchBrowser(), createSuperuserAccount('goldboss')]);
});
afterAll(async () => {
  await browser?.close();
});

const goldOf = async (viewer: SignedInAccount) =>
  (
    (await (
      await fetch(`${baseUrl()}/api/users/profile/`, { headers: { Authorization: `Bearer ${viewer.access}` } })
    ).json()) as { is_gold_member: boolean }
  ).is_gold_member;

const publicChips = async () =>
  ((await (await fetch(`${baseUrl()}/api/categories/`)).json()) as Array<{ name: string }>).map(({ name }) => name);

describe.each([
  ['390', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
  ['1440', { viewport: { width: 1440, height: 900 } }],
])('the Gold desk and the genre table at %s px', (width, device) => {
  it('gives a viewer Gold with a reason, ends it now, and says so honestly each time', async () => {
    const viewer = await registerAccount(`goldviewer${width}`);
    const context = await browser.newContext(device);
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await signInAsStaff(page, boss);
    await page.goto(`${baseUrl()}/admin/users?user=${viewer.user.id}`);
    const gold = page.getByRole('group', { name: 'Gold' });
    await gold.getByText('No Gold subscription.').waitFor({ timeout: 15_000 });

    const give = gold.getByRole('form', { name: 'Give Gold' });
    await give.getByLabel('Days').fill('30');
    await give.getByLabel('Reason (kept on the audit log)').fill('Apology for an outage');
    await give.getByRole('button', { name: 'Give Gold' }).click();
    await page.getByText('Gold given').first().waitFor({ timeout: 15_000 });
    await gold.getByText(/Comped until /).waitFor({ timeout: 15_000 });
    expect(await goldOf(viewer)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await expectNoHorizontalOverflow(page);
    await shot(page, `gold-comped-${width}`);

    const end = gold.getByRole('form', { name: 'End now' });
    await end.getByLabel('Reason (kept on the audit log)').fill('Given by mistake');
    await end.getByRole('button', { name: 'End now' }).click();
    await page.getByText('Gold ended').first().waitFor({ timeout: 15_000 });
    await gold.getByText(/Ended on /).waitFor({ timeout: 15_000 });
    expect(await goldOf(viewer)).toBe(false);
    await shot(page, `gold-ended-${width}`);
    await context.close();
  });

  it('shows an unused genre as hidden from viewers and deletes it after asking', async () => {
    const name = `Aardvark tales ${width}`;
    const created = await fetch(`${baseUrl()}/api/admin/categories/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await superuserAccess()}` },
      body: JSON.stringify({ name }),
    });
    expect(created.status).toBe(201);
    expect(await publicChips()).not.toContain(name);

    const context = await browser.newContext(device);
    const page = await context.newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await signInAsStaff(page, boss);
    await page.goto(`${baseUrl()}/admin/series`);
    const remove = page.getByRole('button', { name: `Delete the genre ${name}` });
    const next = page.getByRole('navigation', { name: 'Genre pages' }).getByRole('button', { name: /Next/ });
    await page.getByRole('heading', { name: 'Genre names in Russian' }).waitFor({ timeout: 15_000 });
    for (let turn = 0; turn < 10 && !(await remove.isVisible()); turn += 1) {
      await next.click();
      await page.waitForTimeout(300);
    }
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText('Hidden from viewers until a published series uses it').waitFor({ timeout: 15_000 });
    await expectNoHorizontalOverflow(page);
    await shot(page, `genre-unused-${width}`);
    await remove.click();
    await page.getByText(`Genre ${name} deleted`).first().waitFor({ timeout: 15_000 });
    await row.waitFor({ state: 'detached', timeout: 15_000 });
    await context.close();
  });
});
