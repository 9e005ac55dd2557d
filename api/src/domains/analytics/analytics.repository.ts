/** SQL of the analytics event store. */
import type { Insertable } from 'kysely';
import type { AnalyticsEventsTable, Executor } from '../../db/schema';

/** Stores the events; one already stored under the same `insert_id` (a client's retry) is skipped. */
export async function insertEvents(db: Executor, rows: Insertable<AnalyticsEventsTable>[]) {
  await db
    .insertInto('analytics_events')
    .values(rows)
    .onConflict((oc) => oc.column('insert_id').doNothing())
    .execute();
}
