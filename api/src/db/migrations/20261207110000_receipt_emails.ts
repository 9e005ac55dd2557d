/**
 * Issue #35: the address a checkout's receipt went to (`payments.receipt_email`, as the processor
 * reports it when the checkout completes). A guest who paid gets back what it owns through a sign-in
 * link to that address, like the address it gave to keep its coins. Indexed for that lookup.
 * Frozen in time (`Kysely<any>`); one file serves SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').addColumn('receipt_email', 'text').execute();
  await db.schema.createIndex('payments_receipt_email').on('payments').column('receipt_email').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_receipt_email').ifExists().execute();
  await db.schema.alterTable('payments').dropColumn('receipt_email').execute();
}
