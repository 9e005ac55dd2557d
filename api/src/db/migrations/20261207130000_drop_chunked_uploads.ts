/**
 * Images are uploaded over tus like videos, so the chunked upload protocol and its two tables
 * (`media_uploads`, `media_upload_chunks`) are gone; `down` makes them again, empty.
 * Frozen in time (`Kysely<any>`); one file serves SQLite and PostgreSQL.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_upload_chunks').ifExists().execute();
  await db.schema.dropTable('media_uploads').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  await db.schema
    .createTable('media_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('declared_type', 'text')
    .addColumn('detected_type', 'text')
    .addColumn('size', pg ? 'bigint' : 'integer', (c) => c.notNull())
    .addColumn('chunk_size', 'integer', (c) => c.notNull())
    .addColumn('total_chunks', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('episode_id', 'integer', (c) => c.references('episodes.id').onDelete('set null'))
    .addColumn('asset_id', 'integer', (c) => c.references('media_assets.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('media_upload_chunks')
    .addColumn('upload_id', 'text', (c) => c.notNull().references('media_uploads.id').onDelete('cascade'))
    .addColumn('chunk_index', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('received_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('media_upload_chunks_pk', ['upload_id', 'chunk_index'])
    .execute();
}
