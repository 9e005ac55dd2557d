/**
 * Staff accounts for browser journeys, made only through the product's own routes.
 *
 * A fresh install has one superuser, the demo staff account, whose password the seed prints once. A
 * journey cannot read that line, so it does what the seed tells an operator who lost it: it asks for
 * a password reset, reads the link from the dev outbox and chooses a new password. With that
 * superuser it issues an invitation code, and the journey's own staff member registers with it at
 * POST /api/admin/register/ — the same way a real colleague joins.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { SignedInAccount } from './accounts';
import { baseUrl } from './browser';

export const DEMO_SUPERUSER_EMAIL = 'staff@cliffhanger.local';
const RESET_PARAM = 'reset-password';

export interface StaffAccount {
  email: string;
  username: string;
  password: string;
  access: string;
  user: { id: number; is_staff: boolean; is_superuser: boolean };
}

interface OutboxMail {
  to: string;
  text: string;
  sentAt: string;
}

async function postJson(path: string, body: unknown, token?: string, base = baseUrl()): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
}

/** The reset token of the newest reset mail sent to `email` at or after `since` (ISO time). */
async function mailedResetToken(email: string, since: string, base: string, timeout = 15_000): Promise<string> {
  const pattern = new RegExp(`[?&]${RESET_PARAM}=([^\\s"'<>&]+)`);
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const response = await fetch(`${base}/api/dev/outbox?limit=100`);
    if (response.ok) {
      const mails = (await response.json()) as OutboxMail[];
      const mail = mails.find((m) => m.to === email && m.sentAt >= since && pattern.test(m.text));
      const token = mail?.text.match(pattern)?.[1];
      if (token) return decodeURIComponent(token);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no password reset mail reached ${email}`);
}

/**
 * An access token of the install's superuser, after resetting its password through the mailed link.
 * Other journeys may reset the same account at the same time; a lost race is simply tried again.
 */
export async function superuserAccess(attempts = 3, base = baseUrl()): Promise<string> {
  let lastProblem = '';
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const since = new Date(Date.now() - 1_000).toISOString();
    const asked = await postJson('/api/auth/reset-password/', { email: DEMO_SUPERUSER_EMAIL }, undefined, base);
    if (!asked.ok) throw new Error(`reset-password answered ${asked.status}: ${await asked.text()}`);
    const token = await mailedResetToken(DEMO_SUPERUSER_EMAIL, since, base);
    const password = `Su-${randomBytes(12).toString('base64url')}`;
    const confirmed = await postJson('/api/auth/confirm-reset-password/', { token, password }, undefined, base);
    if (!confirmed.ok) {
      lastProblem = `confirm-reset-password answered ${confirmed.status}: ${await confirmed.text()}`;
      continue;
    }
    const login = await postJson('/api/auth/login/', { email: DEMO_SUPERUSER_EMAIL, password }, undefined, base);
    if (!login.ok) {
      lastProblem = `superuser login answered ${login.status}: ${await login.text()}`;
      continue;
    }
    const answer = (await login.json()) as { access: string; user: { is_superuser: boolean } };
    if (!answer.user.is_superuser) throw new Error(`${DEMO_SUPERUSER_EMAIL} is not a superuser`);
    return answer.access;
  }
  throw new Error(`could not sign in as the superuser: ${lastProblem}`);
}

/**
 * A new staff member (not a superuser), registered with an invitation code the superuser issued; on the
 * journeys' system unless `base` names another API.
 */
export async function createStaffAccount(prefix = 'staff', base = baseUrl()): Promise<StaffAccount> {
  const superuser = await superuserAccess(3, base);
  const invited = await postJson('/api/admin/invitations/', { valid_hours: 1 }, superuser, base);
  if (invited.status !== 201) throw new Error(`invitation answered ${invited.status}: ${await invited.text()}`);
  const { code } = (await invited.json()) as { code: string };

  const unique = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`.slice(0, 30);
  const email = `${unique}@example.com`;
  const password = `St-${randomBytes(12).toString('base64url')}`;
  const registered = await postJson(
    '/api/admin/register/',
    { email, username: unique, password, invitation_code: code },
    undefined,
    base,
  );
  if (registered.status !== 201) {
    throw new Error(`staff registration answered ${registered.status}: ${await registered.text()}`);
  }
  const answer = (await registered.json()) as { access: string; user: StaffAccount['user'] };
  return { email, username: unique, password, access: answer.access, user: answer.user };
}

/** A new staff member whom the install's superuser then makes a superuser: a journey's own. */
export async function createSuperuserAccount(prefix: string, base = baseUrl()): Promise<StaffAccount> {
  const account = await createStaffAccount(prefix, base);
  const promoted = await fetch(`${base}/api/admin/users/${account.user.id}/`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await superuserAccess(3, base)}` },
    body: JSON.stringify({ role: 'superuser' }),
  });
  if (!promoted.ok) throw new Error(`the role change answered ${promoted.status}: ${await promoted.text()}`);
  return account;
}

/** Signs `staff` in with their password through the API: the session a page starts with. */
export async function staffLogin(staff: Pick<StaffAccount, 'email' | 'password'>): Promise<SignedInAccount> {
  const login = await postJson('/api/auth/login/', { email: staff.email, password: staff.password });
  if (login.status !== 200) throw new Error(`staff sign-in answered ${login.status}: ${await login.text()}`);
  return (await login.json()) as SignedInAccount;
}

/** Signs `staff` in on the staff sign-in page (English) and waits for the staff home. */
export async function signInAsStaff(page: Page, staff: StaffAccount): Promise<void> {
  await page.goto(`${baseUrl()}/admin-login`);
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/admin', { timeout: 15_000 });
}
