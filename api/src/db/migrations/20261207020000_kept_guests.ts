/**
 * Issue #35: a guest who paid can keep what it owns with an e-mail address (product.md#accounts).
 * `magic_links.keeps_user_id` names the guest a link gives its address to when used; the index on
 * (email, created_at) finds the guests kept with an address and counts the links one address was sent.
 * Frozen in time (`Kysely<any>`); one file serves SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('magic_links')
    .addColumn('keeps_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('magic_links_email_created').on('magic_links').columns(['email', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('magic_links_email_created').ifExists().execute();
  await db.schema.alterTable('magic_links').dropColumn('keeps_user_id').execute();
}
