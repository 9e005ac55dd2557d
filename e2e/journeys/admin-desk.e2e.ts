/**
 * The operator's desk (issue #39), on a 390 px phone and at 1440 px. A plain staff member sees each
 * person's role, the grant limit on the coin form and a larger grant refused in place (still on the
 * page, still signed in), makes a grant whose reason shows on the ledger row, and is told that only a
 * superuser reads the audit log. A superuser invites a colleague by e-mail and revokes the invitation,
 * gives a viewer the staff role, then finds those actions in the audit log and exports them as CSV.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { registerAccount, type SignedInAccount } from '../support/accounts';
import { baseUrl, expectNoHorizontalOverflow, launchBrowser } from '../support/browser';
import { journeyShots } from '../support/screenshots';
import {
  createStaffAccount,
  createSuperuserAccount,
  type StaffAccount,
  signInAsStaff,
  superuserAccess,
} from '../support/staff-accounts';

const shot = journeyShots('admin-desk');
let browser: Browser;
let staff: StaffAccount;
let boss: StaffAccount;

beforeAll(async () => {
  [browser, staff, boss] = await Promise.all([
    launchBrowser(),
    createStaffAccount('desk'),
    createSuperuserAccount('boss'),
  ]);
  // The journey's own superuser: the install's superuser gives a staff member that role.
});
afterAll(async () => {
  await browser?.close();
});

/** Opens the user `id` on the users screen and waits for their page. */
async function openUser(page: Page, account: SignedInAccount) {
  await page.goto(`${baseUrl()}/admin/users?user=${account.user.id}`);
  await page.getByRole('heading', { name: new RegExp(account.user.username) }).waitFor({ timeout: 15_000 });
}

describe.each([
  ['390', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
  ['1440', { viewport: { width: 1440, height: 900 } }],
])('the operator’s desk at %s px', (width, device) => {
  it('shows roles and the grant limit to staff, and lets a superuser invite, change roles and read the audit log', async () => {
    const viewer = await registerAccount('deskviewer');

    // A plain staff member: the limit is on the form, and a larger grant is refused where it was typed.
    const staffContext = await browser.newContext(device);
    const page = await staffContext.newPage();
    await signInAsStaff(page, staff);
    await openUser(page, viewer);
    await page.getByText('Role:').waitFor();
    const amount = page.getByLabel('Coins to grant (minus to deduct)');
    await page.getByText('You can grant up to 1,000 coins at once. Larger grants need a superuser.').waitFor();
    await amount.fill('1500');
    await page.getByLabel('Reason').fill('Contest prize');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Grants above 1,000 coins need a superuser. Please ask one to make this grant.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/users');
    await amount.fill('25');
    await page.getByLabel('Reason').fill('Outage apology');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Staff note: Outage apology').waitFor({ timeout: 15_000 });
    await shot(page, `staff-user-page-${width}`);
    await expectNoHorizontalOverflow(page);
    await page.goto(`${baseUrl()}/admin/audit`);
    await page.getByText('Only a superuser can read the audit log.').waitFor({ timeout: 15_000 });
    await staffContext.close();

    // The superuser: invite a colleague, then take the invitation back.
    const bossContext = await browser.newContext({ ...device, acceptDownloads: true });
    const desk = await bossContext.newPage();
    desk.on('dialog', (dialog) => void dialog.accept());
    await signInAsStaff(desk, boss);
    await desk.goto(`${baseUrl()}/admin/users`);
    const colleague = `colleague${Date.now().toString(36)}${width}@example.com`;
    await desk.getByLabel('Colleague’s e-mail').fill(colleague);
    await desk.getByRole('button', { name: 'Send invitation' }).click();
    const invitation = desk.getByRole('row').filter({ hasText: colleague });
    await invitation.getByText('pending').waitFor({ timeout: 15_000 });
    await shot(desk, `superuser-users-${width}`);
    await expectNoHorizontalOverflow(desk);
    await desk.getByRole('button', { name: `Revoke the invitation for ${colleague}` }).click();
    await invitation.getByText('revoked').waitFor({ timeout: 15_000 });

    // The viewer becomes staff.
    await openUser(desk, viewer);
    await desk.getByRole('combobox', { name: 'Role' }).selectOption('staff');
    await desk.getByRole('button', { name: 'Change role' }).click();
    await desk.locator('.admin-role .admin-badge', { hasText: 'Staff' }).waitFor({ timeout: 15_000 });

    // The audit log: the revocation is there, and the filtered rows export as CSV.
    await desk.getByRole('navigation', { name: 'Staff sections' }).getByRole('link', { name: 'Audit log' }).click();
    await desk.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor({ timeout: 15_000 });
    await desk.getByLabel('Person (e-mail)').fill(boss.email);
    await desk.getByRole('button', { name: 'Show' }).click();
    await desk
      .getByRole('cell', { name: /invitation\.revoke/ })
      .first()
      .waitFor({ timeout: 15_000 });
    await desk
      .getByRole('cell', { name: /user\.role_change/ })
      .first()
      .waitFor();
    await shot(desk, `audit-log-${width}`);
    await expectNoHorizontalOverflow(desk);
    const [download] = await Promise.all([
      desk.waitForEvent('download', { timeout: 15_000 }),
      desk.getByRole('button', { name: 'Export CSV of the filtered rows' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path()) as string, 'utf8');
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('when,who,action,entity,entity_id,changes,before,after');
    expect(csv).toContain('invitation.revoke');
    await bossContext.close();
  });
});
