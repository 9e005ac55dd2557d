/**
 * Issue #21: `categories.translations`, the genre names in other languages as JSON text (language →
 * `{ title }`, the same shape as a series' translations); null when none.
 * Frozen in time (`Kysely<any>`); one file serves SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('categories').addColumn('translations', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('categories').dropColumn('translations').execute();
}
