/**
 * Issue #38: a series' former addresses. When staff rename a series its slug follows the new title, and
 * every link shared under an old slug keeps opening the series (the site answers it with a permanent
 * redirect to the current address). One row per former slug; a slug belongs to one series at a time.
 * Frozen in time (`Kysely<any>`); one file serves SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('series_former_slugs')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('series_former_slugs_series').on('series_former_slugs').column('series_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('series_former_slugs').execute();
}
