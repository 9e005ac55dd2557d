/** SQL of webhook processing: the events already applied and the processor's subscriptions. */
import type { Insertable, Updateable } from 'kysely';
import type { Executor, SubscriptionRow, SubscriptionsTable } from '../../db/schema';

/** Records the event as processed; false when it already was (a redelivery). */
export async function recordEventOnce(db: Executor, event: { id: string; type: string; at: string }): Promise<boolean> {
  const inserted = await db
    .insertInto('processed_events')
    .values({ event_id: event.id, type: event.type, processed_at: event.at })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function subscriptionByProviderId(db: Executor, subscriptionId: string): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('provider_subscription_id', '=', subscriptionId)
    .executeTakeFirst();
}

export async function insertSubscription(db: Executor, subscription: Insertable<SubscriptionsTable>) {
  await db.insertInto('subscriptions').values(subscription).execute();
}

export async function updateSubscription(db: Executor, id: number, changes: Updateable<SubscriptionsTable>) {
  await db.updateTable('subscriptions').set(changes).where('id', '=', id).execute();
}
