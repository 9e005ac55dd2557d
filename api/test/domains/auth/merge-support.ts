/** What the merge suites check after every race: no coins from nowhere, every balance explained. */
import type { AppContext } from '../../../src/context';
import type { TypedFastify } from '../../../src/http/type-provider';
import { call } from '../../support/http';
import { bearer } from '../../support/test-app';

/** Every coin held by anyone. */
export async function systemCoins(ctx: AppContext): Promise<number> {
  const rows = await ctx.db.selectFrom('users').select('coin_balance').execute();
  return rows.reduce((sum, row) => sum + row.coin_balance, 0);
}

/** Users whose balance differs from the sum of their ledger (should be none). */
export async function unexplainedBalances(
  ctx: AppContext,
): Promise<Array<{ id: number; balance: number; ledger: number }>> {
  const users = await ctx.db.selectFrom('users').select(['id', 'coin_balance']).execute();
  const ledger = await ctx.db.selectFrom('coin_ledger').select(['user_id', 'delta']).execute();
  const sums = new Map<number, number>();
  for (const row of ledger) sums.set(row.user_id, (sums.get(row.user_id) ?? 0) + row.delta);
  return users
    .map((user) => ({ id: user.id, balance: user.coin_balance, ledger: sums.get(user.id) ?? 0 }))
    .filter((user) => user.balance !== user.ledger);
}

/** Sum of the ledger entries of the given reasons (coins granted or spent), across every user. */
export async function ledgerTotal(ctx: AppContext, reasons: string[]): Promise<number> {
  const rows = await ctx.db.selectFrom('coin_ledger').select('delta').where('reason', 'in', reasons).execute();
  return rows.reduce((sum, row) => sum + row.delta, 0);
}

export async function requestMagicLink(app: TypedFastify, email: string, access?: string) {
  const response = await call(app, {
    method: 'POST',
    url: '/api/auth/magic-link/',
    headers: access ? bearer(access) : {},
    payload: { email },
  });
  if (response.statusCode !== 200) throw new Error(`magic link request failed: ${response.body}`);
}

/** The magic-link tokens mailed to `email` among the outbox's last 100 mails, oldest first. */
export function magicTokens(ctx: AppContext, email: string): string[] {
  return ctx.mailer
    .recent(100)
    .reverse()
    .filter((entry) => entry.to === email || entry.to.includes(`<${email}>`))
    .map((entry) => /magic-link-(?:auth|registration)=([A-Za-z0-9_-]+)/.exec(entry.text)?.[1])
    .filter((token): token is string => Boolean(token));
}

export function resetTokens(ctx: AppContext, email: string): string[] {
  return ctx.mailer
    .recent(100)
    .reverse()
    .filter((entry) => entry.to === email || entry.to.includes(`<${email}>`))
    .map((entry) => /reset-password=([A-Za-z0-9_-]+)/.exec(entry.text)?.[1])
    .filter((token): token is string => Boolean(token));
}

export function verifyMagicLink(app: TypedFastify, token: string, access?: string) {
  return call(app, {
    method: 'POST',
    url: '/api/auth/magic-link/verify/',
    headers: access ? bearer(access) : {},
    payload: { token },
  });
}
