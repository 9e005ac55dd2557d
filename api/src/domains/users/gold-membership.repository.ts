import type { Executor, SubscriptionRow } from '../../db/schema';
/** SQL of Gold subscriptions and the `users.gold_until` mirror. Functions take `db` or `trx` first. */

/** `iso` plus one calendar month or year, in UTC (Jan 31 + 1 month → Mar 3, as Date arithmetic does). */
export function addInterval(iso: string, interval: 'month' | 'year'): string {
  const date = new Date(iso);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString();
}

/** The subscription that currently gives Gold: active (or past due, still in its period), newest end first. */
export function currentSubscription(db: Executor, userId: number, now: string): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('name', '=', 'Gold')
    .where('status', '=', 'active')
    .where('current_period_end', '>', now)
    .orderBy('current_period_end', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * Keeps `users.gold_until` equal to the latest period end of the user's active Gold subscriptions,
 * so `isGoldMember`, the profile's is_gold_member and the feed's subscription list all agree. Gold
 * granted outright (`is_gold_member`) is separate and untouched.
 */
export async function syncGold(db: Executor, userId: number, now: string): Promise<void> {
  const latest = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.max('current_period_end').as('end'))
    .where('user_id', '=', userId)
    .where('name', '=', 'Gold')
    .where('status', '=', 'active')
    .executeTakeFirst();
  await db
    .updateTable('users')
    .set({ gold_until: (latest?.end as string | null | undefined) ?? null, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

/** Sets whether the subscription ends with its period (the viewer cancelled) and answers the row. */
export async function storeCancelAtPeriodEnd(
  db: Executor,
  subscriptionId: number,
  cancel: boolean,
  at: string,
): Promise<SubscriptionRow> {
  await db
    .updateTable('subscriptions')
    .set({ cancel_at_period_end: cancel, updated_at: at })
    .where('id', '=', subscriptionId)
    .execute();
  return db.selectFrom('subscriptions').selectAll().where('id', '=', subscriptionId).executeTakeFirstOrThrow();
}

/** The subscription by id. */
export function subscriptionById(db: Executor, id: number): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Gold given by staff with no payment: active until `end`, not renewing; answers its id. */
export async function insertCompSubscription(db: Executor, userId: number, end: string, at: string): Promise<number> {
  const row = await db
    .insertInto('subscriptions')
    .values({
      user_id: userId,
      plan: 'comp',
      name: 'Gold',
      status: 'active',
      provider: 'dev',
      provider_subscription_id: `comp_${userId}_${Date.parse(at)}`,
      current_period_end: end,
      cancel_at_period_end: true,
      last_event_at: at,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Moves the subscription's period end. */
export async function storePeriodEnd(db: Executor, id: number, end: string, at: string): Promise<void> {
  await db.updateTable('subscriptions').set({ current_period_end: end, updated_at: at }).where('id', '=', id).execute();
}

/** Ends the subscription at `at`: cancelled, its period over then, nothing left to cancel later. */
export async function storeEndedNow(db: Executor, id: number, at: string): Promise<void> {
  await db
    .updateTable('subscriptions')
    .set({ status: 'canceled', cancel_at_period_end: false, current_period_end: at, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** The latest succeeded, not fully refunded payment for this subscription (its checkout or a renewal). */
export function lastPaymentOfSubscription(db: Executor, sub: SubscriptionRow) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('user_id', '=', sub.user_id)
    .where('subscription_id', '=', sub.provider_subscription_id)
    .where('status', '=', 'succeeded')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
