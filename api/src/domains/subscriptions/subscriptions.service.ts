/**
 * Gold subscriptions (product.md#gold). Gold status is derived from an active subscription
 * named Gold whose period has not ended; `users.gold_until` mirrors it (users/gold-membership.repository.ts).
 * Cancelling keeps Gold until the period ends (cancel_at_period_end), as card processors do;
 * reactivating before then undoes it.
 */
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { RequestFacts } from '../../kernel/identity';
import { lockUser, moneyTransaction } from '../../kernel/money-transaction';
import { startCheckout } from '../payments/payments.service';
import { type PaymentsRuntime, requireProvider, viaProvider } from '../payments/payments-runtime';
import type { GoldPlan } from '../settings/settings.schemas';
import { getSetting } from '../settings/settings.service';
import { currentSubscription, storeCancelAtPeriodEnd, syncGold } from '../users/gold-membership.repository';
import { type SubscriptionDto, toSubscriptionDto } from '../users/subscription-dto';

export type { SubscriptionDto };

export const GOLD = 'Gold';
export const NO_ACTIVE_SUBSCRIPTION = 'No active subscription';

export function plans(ctx: AppContext): Promise<GoldPlan[]> {
  return getSetting(ctx, 'gold_plans');
}

export async function activeSubscription(ctx: AppContext, userId: number): Promise<SubscriptionDto | null> {
  const row = await currentSubscription(ctx.db, userId, nowIso(ctx));
  return row ? toSubscriptionDto(row, await plans(ctx), ctx.now()) : null;
}

export async function createSubscription(
  ctx: AppContext,
  runtime: PaymentsRuntime,
  caller: RequestFacts,
  viewer: UserRow,
  planId: string,
  returnTo?: string,
) {
  const plan = (await plans(ctx)).find((candidate) => candidate.id === planId);
  if (!plan) throw badRequest(`Unknown plan "${planId}"`, { plans: (await plans(ctx)).map((p) => p.id) });
  const current = await currentSubscription(ctx.db, viewer.id, nowIso(ctx));
  if (current) {
    throw conflict(
      current.cancel_at_period_end
        ? 'Your Gold subscription is still running until the end of its period: reactivate it instead'
        : 'You already have an active Gold subscription',
    );
  }
  return startCheckout(
    ctx,
    runtime,
    caller,
    viewer,
    { kind: 'gold', plan },
    undefined,
    returnTo ? { path: returnTo } : undefined,
  );
}

/** Sets or clears cancel-at-period-end on the current subscription and answers the replaced object. */
export async function setCancelAtPeriodEnd(
  ctx: AppContext,
  runtime: PaymentsRuntime,
  viewer: UserRow,
  cancel: boolean,
): Promise<SubscriptionDto> {
  const current = await currentSubscription(ctx.db, viewer.id, nowIso(ctx));
  if (!current) throw notFound(NO_ACTIVE_SUBSCRIPTION);
  if (Boolean(current.cancel_at_period_end) !== cancel && current.provider === 'stripe') {
    // The processor must stop (or resume) billing first; its webhook then confirms the same state.
    const provider = requireProvider(runtime);
    await viaProvider(() => provider.setCancelAtPeriodEnd(current.provider_subscription_id, cancel));
  }
  const row = await moneyTransaction(ctx, async (trx) => {
    await lockUser(ctx, trx, viewer.id);
    const at = nowIso(ctx);
    const changed = await storeCancelAtPeriodEnd(trx, current.id, cancel, at);
    await syncGold(trx, viewer.id, at);
    return changed;
  });
  return toSubscriptionDto(row, await plans(ctx), ctx.now());
}

/** The feed's `/web/subscriptions/list/` (product.md#entities, product.md#gold): one Gold entry with its end date while Gold lasts. */
export async function feedSubscriptionList(ctx: AppContext, viewer: UserRow) {
  const now = ctx.now();
  const current = await currentSubscription(ctx.db, viewer.id, now.toISOString());
  const entries: Array<{ name: string; date_end: string }> = [];
  if (current) entries.push({ name: GOLD, date_end: current.current_period_end });
  // Gold granted outright has no end; the far-future date keeps the client's product.md#gold rule ("an entry named
  // Gold with an end date in the future") in agreement with the server's isGoldMember.
  else if (viewer.is_gold_member) entries.push({ name: GOLD, date_end: '9999-12-31T23:59:59.999Z' });
  return { success: 1 as const, date_end: entries };
}
