/**
 * Shortcuts for the money suites (test apps pay through the dev provider with `TEST_WEBHOOK_SECRET`):
 * paid episodes in bulk, coins through the ledger, signed webhook
 * deliveries, the dev checkout, and magic-link sign-in through the dev outbox.
 */
import Stripe from 'stripe';
import type { AppContext } from '../../../src/context';
import { insertSeries } from '../../../src/domains/catalogue/catalogue.repository';
import type { TypedFastify } from '../../../src/http/type-provider';
import { applyEntry, moneyTransaction } from '../../../src/kernel/money-transaction';
import { PUBLISHED_LONG_AGO, seriesRow } from '../../support/fixtures';
import { type CallResult, call } from '../../support/http';
import { bearer } from '../../support/test-app';
import { TEST_WEBHOOK_SECRET } from '../../support/test-config';

let seriesCounter = 0;

/** A series with `count` paid episodes costing `cost` each; answers their ids in order. */
export async function seedPaidEpisodes(
  ctx: AppContext,
  count: number,
  cost: number,
  options: { goldExclusive?: boolean } = {},
): Promise<{ seriesId: number; episodeIds: number[] }> {
  seriesCounter += 1;
  const at = new Date().toISOString();
  const slug = `money-${seriesCounter}-${Math.random().toString(36).slice(2, 8)}`;
  const seriesId = await insertSeries(
    ctx.db,
    seriesRow(`Money series ${seriesCounter}`, slug, { is_gold_exclusive: options.goldExclusive ?? false }),
  );
  const rows = Array.from({ length: count }, (_, i) => ({
    series_id: seriesId,
    season_number: 1,
    episode_number: i + 1,
    title: `Episode ${i + 1}`,
    hls_url: `/media/${slug}/${i + 1}/master.m3u8`,
    is_free: false,
    coin_cost: cost,
    position: i,
    ...PUBLISHED_LONG_AGO,
    created_at: at,
    updated_at: at,
  }));
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 100) {
    const inserted = await ctx.db
      .insertInto('episodes')
      .values(rows.slice(i, i + 100))
      .returning('id')
      .execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return { seriesId, episodeIds: ids };
}

export async function grantCoins(ctx: AppContext, userId: number, amount: number) {
  await moneyTransaction(ctx, (trx) =>
    applyEntry(trx, {
      userId,
      delta: amount,
      reason: 'staff_grant',
      reference: `test:${Math.random().toString(36).slice(2)}`,
      createdAt: new Date().toISOString(),
    }),
  );
}

export async function balanceOf(ctx: AppContext, userId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('users')
    .select('coin_balance')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.coin_balance;
}

export async function ledgerSum(ctx: AppContext, userId: number): Promise<number> {
  const rows = await ctx.db.selectFrom('coin_ledger').select('delta').where('user_id', '=', userId).execute();
  return rows.reduce((sum, row) => sum + row.delta, 0);
}

export function stripeEvent(type: string, object: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  return {
    id: `evt_test_${Math.random().toString(36).slice(2, 14)}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
    ...overrides,
  };
}

export function signedDelivery(payload: string, options: { secret?: string; timestamp?: number } = {}) {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
  });
}

export function deliver(
  app: TypedFastify,
  event: unknown,
  options: { secret?: string; timestamp?: number } = {},
): Promise<CallResult> {
  const payload = JSON.stringify(event);
  return call(app, {
    method: 'POST',
    url: '/api/payments/webhook/',
    headers: { 'content-type': 'application/json', 'stripe-signature': signedDelivery(payload, options) },
    body: payload,
  });
}

/** A button of the dev checkout page at `url` (its address carries the owner's token). */
export function devCheckoutAction(url: string, action: string): string {
  const address = new URL(url);
  return `${address.pathname}/${action}${address.search}`;
}

/** Presses a button (`pay`, `cancel`, `refund/rest`, …) of the dev checkout page at `url`, as its form posts. */
export function pressDevCheckout(
  app: TypedFastify,
  url: string,
  action: string,
  form: Record<string, string> = {},
): Promise<CallResult> {
  return call(app, {
    method: 'POST',
    url: devCheckoutAction(url, action),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

/**
 * Starts a coin purchase and presses Pay on the dev checkout page (with the receipt address typed in,
 * when given); answers the session id.
 */
export async function buyCoins(
  app: TypedFastify,
  access: string,
  packageId: number,
  receiptEmail?: string,
): Promise<string> {
  const started = await call(app, {
    method: 'POST',
    url: '/api/coins/purchase/',
    headers: bearer(access),
    payload: { package_id: packageId },
  });
  if (started.statusCode !== 200) throw new Error(`purchase failed: ${started.statusCode} ${started.body}`);
  const { session_id: sessionId, url } = started.json();
  const paid = await pressDevCheckout(app, url, 'pay', receiptEmail ? { email: receiptEmail } : {});
  if (paid.statusCode !== 303) throw new Error(`pay failed: ${paid.statusCode} ${paid.body}`);
  return sessionId;
}

/** Starts a Gold checkout and pays it on the dev checkout page. */
export async function subscribeGold(app: TypedFastify, access: string, plan = 'monthly'): Promise<CallResult> {
  const started = await call(app, {
    method: 'POST',
    url: '/api/subscriptions/create/',
    headers: bearer(access),
    payload: { plan },
  });
  if (started.statusCode !== 200) return started;
  const { url } = started.json();
  return pressDevCheckout(app, url, 'pay');
}

/**
 * Signs in through a magic link read from the dev outbox, asked for and used as the guest
 * `guestAccess` when given (so that guest's data moves to the account).
 */
export async function magicLinkSignIn(app: TypedFastify, email: string, guestAccess?: string) {
  const requested = await call(app, {
    method: 'POST',
    url: '/api/auth/magic-link/',
    headers: guestAccess ? bearer(guestAccess) : {},
    payload: { email },
  });
  if (requested.statusCode !== 200) throw new Error(`magic link request failed: ${requested.body}`);
  const outbox = (await call(app, { url: '/api/dev/outbox?limit=100' })).json() as Array<{ to: string; text: string }>;
  const mail = outbox.find((entry) => entry.to.includes(email));
  const token = mail && /magic-link-(?:auth|registration)=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no magic link for ${email}`);
  const verified = await call(app, {
    method: 'POST',
    url: '/api/auth/magic-link/verify/',
    headers: guestAccess ? bearer(guestAccess) : {},
    payload: { token },
  });
  if (verified.statusCode !== 200) throw new Error(`magic link verify failed: ${verified.statusCode} ${verified.body}`);
  return verified.json() as { access: string; refresh: string; id: number; user: { id: number; coin_balance: number } };
}
