/**
 * Likes (product.md#player): one row per viewer and series they like, so a like is kept per viewer and
 * a second like of the same series changes nothing. `series.likes` (from the first schema) stays the
 * count, moved by exactly the rows inserted or deleted. The index on series_id serves counting and
 * cascading a deleted series. Frozen in time (`Kysely<any>`); one file serves SQLite and PostgreSQL.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('series_likes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id').onDelete('cascade'))
    .addColumn('created_at', pg ? 'timestamptz' : 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('series_likes_pk', ['user_id', 'series_id'])
    .execute();
  await db.schema.createIndex('series_likes_series').on('series_likes').column('series_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('series_likes').ifExists().execute();
}
