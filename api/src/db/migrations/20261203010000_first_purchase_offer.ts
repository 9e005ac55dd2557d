/**
 * The first-purchase offer is used at most once per viewer: a viewer's claim is one row, keyed by the
 * viewer, written before the checkout that carries the offer is opened. `payment_id` names that
 * checkout once it is recorded; `checkout_key` is the (server-keyed) idempotency key it was started
 * with, so a retry of the same start keeps the offer. Frozen in time (`Kysely<any>`); one file serves
 * SQLite and PostgreSQL.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('first_purchase_offer_claims')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('payment_id', 'integer', (c) => c.references('payments.id').onDelete('set null'))
    .addColumn('checkout_key', 'text')
    .addColumn('claimed_at', pg ? 'timestamptz' : 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('first_purchase_offer_claims_payment')
    .on('first_purchase_offer_claims')
    .column('payment_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('first_purchase_offer_claims').execute();
}
