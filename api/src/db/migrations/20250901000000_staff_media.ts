/**
 * The staff area: invitation codes for staff accounts, the audit log of every staff write, the media
 * library (chunked uploads, stored assets, the transcode/image job queue) and the indexes the staff
 * dashboard and analytics read with (day ranges over viewing, unlocks, payments, users and events).
 * Frozen in time (`Kysely<any>`); one file serves SQLite and PostgreSQL.
 */
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

function types(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    timestamp: pg ? ('timestamptz' as const) : ('text' as const),
    id: (column: ColumnDefinitionBuilder) => (pg ? column.primaryKey() : column.primaryKey().autoIncrement()),
    idType: pg ? ('serial' as const) : ('integer' as const),
    /** File sizes pass 2 GiB. */
    bigint: pg ? ('bigint' as const) : ('integer' as const),
  };
}

export async function up(db: Kysely<any>): Promise<void> {
  const t = types(db);

  /** Only the hash of a code is kept: a leaked table does not hand out staff accounts. */
  await db.schema
    .createTable('staff_invitations')
    .addColumn('id', t.idType, t.id)
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .addColumn('used_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', t.idType, t.id)
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // Kept as text so the entry still names its author after the account is gone.
    .addColumn('actor_email', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id']).execute();

  await db.schema
    .createTable('media_assets')
    .addColumn('id', t.idType, t.id)
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', t.bigint, (c) => c.notNull())
    .addColumn('source_key', 'text')
    .addColumn('url', 'text')
    .addColumn('hls_url', 'text')
    .addColumn('poster_url', 'text')
    .addColumn('thumbnail_url', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('duration_seconds', 'double precision')
    .addColumn('renditions', 'integer')
    .addColumn('episode_id', 'integer', (c) => c.references('episodes.id').onDelete('set null'))
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_assets_created').on('media_assets').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('media_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('declared_type', 'text')
    .addColumn('detected_type', 'text')
    .addColumn('size', t.bigint, (c) => c.notNull())
    .addColumn('chunk_size', 'integer', (c) => c.notNull())
    .addColumn('total_chunks', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('episode_id', 'integer', (c) => c.references('episodes.id').onDelete('set null'))
    .addColumn('asset_id', 'integer', (c) => c.references('media_assets.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('media_upload_chunks')
    .addColumn('upload_id', 'text', (c) => c.notNull().references('media_uploads.id').onDelete('cascade'))
    .addColumn('chunk_index', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('received_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('media_upload_chunks_pk', ['upload_id', 'chunk_index'])
    .execute();

  /** The queue lives here so a restart loses nothing: queued and interrupted jobs are picked up again. */
  await db.schema
    .createTable('media_jobs')
    .addColumn('id', t.idType, t.id)
    .addColumn('asset_id', 'integer', (c) => c.notNull().references('media_assets.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('started_at', t.timestamp)
    .addColumn('finished_at', t.timestamp)
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_jobs_status').on('media_jobs').columns(['status', 'id']).execute();

  // Day-range reads of the dashboard and analytics (one index per time column they filter on).
  const rangeIndexes: Array<[string, string, string[]]> = [
    ['watch_history_watched', 'watch_history', ['watched_at']],
    ['watch_progress_updated', 'watch_progress', ['updated_at']],
    ['watch_progress_episode', 'watch_progress', ['episode_id']],
    ['episode_unlocks_created', 'episode_unlocks', ['created_at']],
    ['episode_unlocks_episode', 'episode_unlocks', ['episode_id']],
    ['payments_status_created', 'payments', ['status', 'created_at']],
    ['users_created', 'users', ['created_at']],
    ['analytics_events_time', 'analytics_events', ['event_time']],
    ['subscriptions_status', 'subscriptions', ['status', 'current_period_end']],
  ];
  for (const [name, table, columns] of rangeIndexes) {
    await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'watch_history_watched',
    'watch_progress_updated',
    'watch_progress_episode',
    'episode_unlocks_created',
    'episode_unlocks_episode',
    'payments_status_created',
    'users_created',
    'analytics_events_time',
    'subscriptions_status',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  for (const table of [
    'media_jobs',
    'media_upload_chunks',
    'media_uploads',
    'media_assets',
    'audit_log',
    'staff_invitations',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
