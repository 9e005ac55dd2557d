/**
 * Saved cards keep the processor's fingerprint of the card number (never the number), so the same
 * card saved twice by one viewer is recognised and refused. Cards saved before have none. Frozen in
 * time (`Kysely<any>`); one file serves SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_methods').addColumn('fingerprint', 'text').execute();
  await db.schema
    .createIndex('payment_methods_user_fingerprint')
    .on('payment_methods')
    .columns(['user_id', 'fingerprint'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payment_methods_user_fingerprint').execute();
  await db.schema.alterTable('payment_methods').dropColumn('fingerprint').execute();
}
