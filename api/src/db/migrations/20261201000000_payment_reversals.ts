/**
 * Refunds and disputes (issue #14). A payment remembers what the processor reported about its money
 * coming back (`refunded_minor`, the cumulative refunded amount; `disputed_minor` and `dispute_status`
 * of its dispute) and how many of its coins were taken back for it (`coins_reversed`), so each event
 * only moves the difference and replays or late, out-of-order events change nothing. It also keeps the
 * processor ids a charge names (`payment_intent_id`, `invoice_id`) and the Gold subscription it paid
 * for (`subscription_id`), because a refund or dispute arrives as a charge, not as a checkout.
 *
 * `coin_debts`: coins taken back that the viewer had already spent. The balance never goes below zero;
 * the shortfall waits here, visible to the viewer, and the next coins credited to them settle it first.
 * Frozen in time (`Kysely<any>`); one file serves SQLite and PostgreSQL.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';

  for (const column of ['payment_intent_id', 'invoice_id', 'subscription_id', 'dispute_status']) {
    await db.schema.alterTable('payments').addColumn(column, 'text').execute();
  }
  for (const column of ['refunded_minor', 'disputed_minor', 'coins_reversed']) {
    await db.schema
      .alterTable('payments')
      .addColumn(column, 'integer', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`${sql.ref(column)} >= 0`),
      )
      .execute();
  }
  await db.schema.createIndex('payments_payment_intent').on('payments').column('payment_intent_id').execute();
  await db.schema.createIndex('payments_invoice').on('payments').column('invoice_id').execute();

  await db.schema
    .createTable('coin_debts')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('payment_id', 'integer', (c) => c.references('payments.id').onDelete('set null'))
    // The reference of the ledger row that took back what there was; one debt per such row.
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('coins', 'integer', (c) => c.notNull().check(sql`coins > 0`))
    .addColumn('outstanding', 'integer', (c) => c.notNull().check(sql`outstanding >= 0 and outstanding <= coins`))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('coin_debts_user_reference', ['user_id', 'reference'])
    .execute();
  await db.schema
    .createIndex('coin_debts_open')
    .on('coin_debts')
    .columns(['user_id', 'id'])
    .where(sql.ref('outstanding'), '>', sql.lit(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('coin_debts').execute();
  await db.schema.dropIndex('payments_invoice').execute();
  await db.schema.dropIndex('payments_payment_intent').execute();
  for (const column of [
    'coins_reversed',
    'disputed_minor',
    'refunded_minor',
    'dispute_status',
    'subscription_id',
    'invoice_id',
    'payment_intent_id',
  ]) {
    await db.schema.alterTable('payments').dropColumn(column).execute();
  }
}
