/**
 * The staff's Gold desk (superusers): comp (Gold for N days, no payment), extend (days added to the
 * current period), reactivate (undo a scheduled cancel) and end now, with an optional refund of the
 * last payment. Each change is checked and written under the owner's lock and audited with the reason
 * typed; the check makes a replay or a concurrent double click change nothing (a 409 says why).
 * Extend names the period end the staff saw, so two extends made from one screen add the days once.
 */
import type { Static } from '@sinclair/typebox';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { SubscriptionRow, Trx, UserRow } from '../../db/schema';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { recordAudit } from '../../kernel/audit-log';
import { lockUser, moneyTransaction } from '../../kernel/money-transaction';
import { refundPayment } from '../payments/admin-payments.service';
import { type PaymentsRuntime, requireProvider, viaProvider } from '../payments/payments-runtime';
import {
  currentSubscription,
  insertCompSubscription,
  lastPaymentOfSubscription,
  storeCancelAtPeriodEnd,
  storeEndedNow,
  storePeriodEnd,
  subscriptionById,
  syncGold,
} from '../users/gold-membership.repository';
import { toSubscriptionDto } from '../users/subscription-dto';
import type { CompBody, EndNowBody, ExtendBody, ReactivateBody } from './subscription-desk.schemas';
import { plans } from './subscriptions.service';

const DAY = 24 * 60 * 60_000;
const day = (iso: string) => iso.slice(0, 10);

function requireSuperuser(actor: UserRow) {
  if (!actor.is_superuser) throw forbidden('Only a superuser can give, extend or end Gold');
}

async function answer(ctx: AppContext, row: SubscriptionRow) {
  return toSubscriptionDto(row, await plans(ctx), ctx.now());
}

/** A change made under the owner's lock: `change` checks the row it is given and writes; audited. */
async function underLock(
  ctx: AppContext,
  actor: UserRow,
  id: number,
  action: string,
  reason: string | undefined,
  change: (row: SubscriptionRow, at: string, trx: Trx) => Promise<void>,
): Promise<{ before: SubscriptionRow; after: SubscriptionRow }> {
  requireSuperuser(actor);
  const found = await subscriptionById(ctx.db, id);
  if (!found) throw notFound('Subscription not found');
  return moneyTransaction(ctx, async (trx) => {
    await lockUser(ctx, trx, found.user_id);
    const at = nowIso(ctx);
    const before = await subscriptionById(trx, id);
    if (!before) throw notFound('Subscription not found');
    await change(before, at, trx);
    await syncGold(trx, before.user_id, at);
    const after = await subscriptionById(trx, id);
    if (!after) throw notFound('Subscription not found');
    await recordAudit(trx, {
      actor,
      action,
      entity: 'subscription',
      entityId: id,
      before,
      after: { ...after, reason },
      at,
    });
    return { before, after };
  });
}

function requireRunning(row: SubscriptionRow, at: string) {
  if (row.status !== 'active' || row.current_period_end <= at)
    throw conflict(`This subscription ended on ${day(row.current_period_end)}`);
}

/** Gold for `days` days with no payment; 409 while the viewer already has Gold from a subscription. */
export async function compGold(ctx: AppContext, actor: UserRow, userId: number, body: Static<typeof CompBody>) {
  requireSuperuser(actor);
  const row = await moneyTransaction(ctx, async (trx) => {
    const owner = await lockUser(ctx, trx, userId);
    if (!owner) throw notFound('User not found');
    const at = nowIso(ctx);
    const current = await currentSubscription(trx, userId, at);
    if (current)
      throw conflict(`This viewer has Gold until ${day(current.current_period_end)} already: extend it instead`);
    const end = new Date(Date.parse(at) + body.days * DAY).toISOString();
    const id = await insertCompSubscription(trx, userId, end, at);
    await syncGold(trx, userId, at);
    const after = await subscriptionById(trx, id);
    if (!after) throw notFound('Subscription not found');
    await recordAudit(trx, {
      actor,
      action: 'subscription.comp',
      entity: 'subscription',
      entityId: id,
      after: { ...after, days: body.days, reason: body.reason },
      at,
    });
    return after;
  });
  return answer(ctx, row);
}

/** Adds days to the running period; 409 when the period end is no longer the one the staff saw. */
export async function extendSubscription(ctx: AppContext, actor: UserRow, id: number, body: Static<typeof ExtendBody>) {
  const { after } = await underLock(ctx, actor, id, 'subscription.extend', body.reason, async (row, at, trx) => {
    requireRunning(row, at);
    if (row.provider === 'stripe')
      throw conflict('The card processor sets the period of a paid subscription: comp Gold after it ends instead');
    if (Date.parse(row.current_period_end) !== Date.parse(body.period_end))
      throw conflict(`This subscription now runs until ${day(row.current_period_end)}: nothing was added`);
    const end = new Date(Date.parse(row.current_period_end) + body.days * DAY).toISOString();
    await storePeriodEnd(trx, row.id, end, at);
  });
  return answer(ctx, after);
}

/** Undoes a scheduled cancel: the subscription renews again. A comp ends on its date and has none. */
export async function reactivateSubscription(
  ctx: AppContext,
  runtime: PaymentsRuntime,
  actor: UserRow,
  id: number,
  body: Static<typeof ReactivateBody>,
) {
  const found = await subscriptionById(ctx.db, id);
  if (found?.provider === 'stripe' && found.status === 'active' && found.cancel_at_period_end) {
    requireSuperuser(actor);
    await viaProvider(() => requireProvider(runtime).setCancelAtPeriodEnd(found.provider_subscription_id, false));
  }
  const { after } = await underLock(ctx, actor, id, 'subscription.reactivate', body.reason, async (row, at, trx) => {
    requireRunning(row, at);
    if (row.plan === 'comp') throw conflict('Comped Gold ends on its date: extend it instead');
    if (!row.cancel_at_period_end) throw conflict('This subscription is not set to cancel: it renews already');
    await storeCancelAtPeriodEnd(trx, row.id, false, at);
  });
  return answer(ctx, after);
}

/**
 * Ends Gold now. With `refund`, the last payment for it is refunded in full through the payment
 * provider's refund event (the same signed `charge.refunded` the card processor sends); only the
 * request that ended the subscription refunds, so a replay or a double click refunds nothing more.
 */
export async function endSubscriptionNow(
  ctx: AppContext,
  runtime: PaymentsRuntime,
  actor: UserRow,
  id: number,
  body: Static<typeof EndNowBody>,
) {
  requireSuperuser(actor);
  const found = await subscriptionById(ctx.db, id);
  if (!found) throw notFound('Subscription not found');
  const payment = body.refund ? await lastPaymentOfSubscription(ctx.db, found) : undefined;
  if (body.refund && !payment) throw conflict('There is no payment for this subscription to refund');
  if (payment && body.reason.trim().length < 3) throw new HttpError(400, 'Please say why this payment is refunded');
  if (found.provider === 'stripe' && found.status === 'active')
    await viaProvider(() => requireProvider(runtime).cancelSubscription(found.provider_subscription_id));
  const { after } = await underLock(ctx, actor, id, 'subscription.end_now', body.reason, async (row, at, trx) => {
    requireRunning(row, at);
    await storeEndedNow(trx, row.id, at);
  });
  // The last payment goes back through the same path as a refund from the payments screen: the
  // provider's refund, whose signed event alone moves coins and Gold, once per subscription.
  if (payment)
    await refundPayment(ctx, runtime, actor, payment.id, { reason: body.reason, idempotency_key: `end-now:${id}` });
  return answer(ctx, (await subscriptionById(ctx.db, id)) ?? after);
}
