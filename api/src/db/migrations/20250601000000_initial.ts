/**
 * The first schema: accounts, catalogue, viewing, the coin ledger and unlocks, tokens and settings.
 * Frozen in time (`FrozenDb`): later changes go into new migration files, never here.
 * One file serves SQLite and PostgreSQL; the few type names that differ are chosen by `types()`.
 */
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

/** The database as this migration knows it: untyped, frozen in time. */
// biome-ignore lint/suspicious/noExplicitAny: a migration never follows the schema's later types.
type FrozenDb = Kysely<any>;

function types(db: FrozenDb) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    pg,
    timestamp: pg ? ('timestamptz' as const) : ('text' as const),
    id: (column: ColumnDefinitionBuilder) => (pg ? column.primaryKey() : column.primaryKey().autoIncrement()),
    idType: pg ? ('serial' as const) : ('integer' as const),
  };
}

type Types = ReturnType<typeof types>;

const notNullFalse = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(false);

export async function up(db: FrozenDb): Promise<void> {
  const t = types(db);
  await accountTables(db, t);
  await catalogueTables(db, t);
  await viewingTables(db, t);
  await moneyTables(db, t);
  await tokenTables(db, t);
  await preferenceTables(db, t);
}

/** The accounts: users, with their unique email, username and guest id. */
async function accountTables(db: FrozenDb, t: Types) {
  await db.schema
    .createTable('users')
    .addColumn('id', t.idType, t.id)
    .addColumn('email', 'text')
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text')
    .addColumn('guest_id', 'text')
    .addColumn('signup_data', 'text')
    .addColumn('is_guest', 'boolean', notNullFalse)
    .addColumn('is_premium', 'boolean', notNullFalse)
    .addColumn('is_gold_member', 'boolean', notNullFalse)
    .addColumn('gold_until', t.timestamp)
    .addColumn('is_staff', 'boolean', notNullFalse)
    .addColumn('is_superuser', 'boolean', notNullFalse)
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('email_verified', 'boolean', notNullFalse)
    .addColumn('coin_balance', 'integer', (c) => c.notNull().defaultTo(0).check(sql`coin_balance >= 0`))
    .addColumn('merged_into_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('last_login_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();
  await db.schema.createIndex('users_username_unique').on('users').column('username').unique().execute();
  await db.schema.createIndex('users_guest_id_unique').on('users').column('guest_id').unique().execute();
}

/** The catalogue: categories, series, seasons and episodes. */
async function catalogueTables(db: FrozenDb, t: Types) {
  await db.schema
    .createTable('categories')
    .addColumn('id', t.idType, t.id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('color', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('series')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_image', 'text')
    .addColumn('banner_image', 'text')
    .addColumn('poster_image', 'text')
    .addColumn('slider_image', 'text')
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('year', 'integer')
    .addColumn('rating', 'double precision')
    .addColumn('is_gold_exclusive', 'boolean', notNullFalse)
    .addColumn('is_featured', 'boolean', notNullFalse)
    .addColumn('is_trending', 'boolean', notNullFalse)
    .addColumn('is_top', 'boolean', notNullFalse)
    .addColumn('is_hidden', 'boolean', notNullFalse)
    .addColumn('total_episodes', 'integer')
    .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('series_created_at').on('series').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('series_categories')
    .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('series_categories_pk', ['series_id', 'category_id'])
    .execute();
  await db.schema.createIndex('series_categories_category').on('series_categories').column('category_id').execute();

  await db.schema
    .createTable('seasons')
    .addColumn('id', t.idType, t.id)
    .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addUniqueConstraint('seasons_series_number', ['series_id', 'number'])
    .execute();

  await db.schema
    .createTable('episodes')
    .addColumn('id', t.idType, t.id)
    .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id').onDelete('cascade'))
    .addColumn('season_id', 'integer', (c) => c.references('seasons.id').onDelete('set null'))
    .addColumn('season_number', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('episode_number', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('thumbnail', 'text')
    .addColumn('duration', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('video_url', 'text')
    .addColumn('hls_url', 'text')
    .addColumn('is_free', 'boolean', notNullFalse)
    .addColumn('coin_cost', 'integer', (c) => c.notNull().defaultTo(0).check(sql`coin_cost >= 0`))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('episodes_series_season_number', ['series_id', 'season_number', 'episode_number'])
    .execute();
  await db.schema.createIndex('episodes_series_position').on('episodes').columns(['series_id', 'position']).execute();
}

/** Viewing: my list, watch progress and history. */
async function viewingTables(db: FrozenDb, t: Types) {
  await db.schema
    .createTable('my_list')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('my_list_pk', ['user_id', 'series_id'])
    .execute();

  await db.schema
    .createTable('watch_progress')
    .addColumn('id', t.idType, t.id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('episode_id', 'integer', (c) => c.notNull().references('episodes.id').onDelete('cascade'))
    .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id').onDelete('cascade'))
    .addColumn('progress', 'double precision', (c) =>
      c.notNull().defaultTo(0).check(sql`progress >= 0 and progress <= 100`),
    )
    .addColumn('position_seconds', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('completed', 'boolean', notNullFalse)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('watch_progress_user_episode', ['user_id', 'episode_id'])
    .execute();
  await db.schema
    .createIndex('watch_progress_user_updated')
    .on('watch_progress')
    .columns(['user_id', 'updated_at'])
    .execute();

  await db.schema
    .createTable('watch_history')
    .addColumn('id', t.idType, t.id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('episode_id', 'integer', (c) => c.notNull().references('episodes.id').onDelete('cascade'))
    .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id').onDelete('cascade'))
    .addColumn('progress', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('watched_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('watch_history_user_episode', ['user_id', 'episode_id'])
    .execute();
  await db.schema
    .createIndex('watch_history_user_watched')
    .on('watch_history')
    .columns(['user_id', 'watched_at'])
    .execute();
}

/** Money: episode unlocks and the coin ledger. */
async function moneyTables(db: FrozenDb, t: Types) {
  await db.schema
    .createTable('episode_unlocks')
    .addColumn('id', t.idType, t.id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('episode_id', 'integer', (c) => c.notNull().references('episodes.id').onDelete('cascade'))
    .addColumn('coin_cost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('episode_unlocks_user_episode', ['user_id', 'episode_id'])
    .execute();

  await db.schema
    .createTable('coin_ledger')
    .addColumn('id', t.idType, t.id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('balance_after', 'integer', (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('coin_ledger_user_reason_reference', ['user_id', 'reason', 'reference'])
    .execute();
  await db.schema.createIndex('coin_ledger_user').on('coin_ledger').columns(['user_id', 'id']).execute();
}

/** Sign-in tokens: magic links, refresh tokens, password resets and e-mail verifications. */
async function tokenTables(db: FrozenDb, t: Types) {
  await db.schema
    .createTable('magic_links')
    .addColumn('id', t.idType, t.id)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('next_path', 'text')
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', t.idType, t.id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .addColumn('revoked_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();

  for (const table of ['password_resets', 'email_verifications'] as const) {
    let builder = db.schema
      .createTable(table)
      .addColumn('id', t.idType, t.id)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'));
    if (table === 'email_verifications') builder = builder.addColumn('email', 'text', (c) => c.notNull());
    await builder
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('expires_at', t.timestamp, (c) => c.notNull())
      .addColumn('used_at', t.timestamp)
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .execute();
  }
}

/** Preferences and settings: notification preferences, device reports and the settings store. */
async function preferenceTables(db: FrozenDb, t: Types) {
  await db.schema
    .createTable('notification_preferences')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email_new_episodes', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('email_promotions', 'boolean', notNullFalse)
    .addColumn('push_enabled', 'boolean', notNullFalse)
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('device_reports')
    .addColumn('id', t.idType, t.id)
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: FrozenDb): Promise<void> {
  for (const table of [
    'settings',
    'device_reports',
    'notification_preferences',
    'email_verifications',
    'password_resets',
    'refresh_tokens',
    'magic_links',
    'coin_ledger',
    'episode_unlocks',
    'watch_history',
    'watch_progress',
    'my_list',
    'episodes',
    'seasons',
    'series_categories',
    'series',
    'categories',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
