/**
 * Per-day rollups of analytics_events for the staff analytics screen and dashboard (issue #8: 30 days
 * load in under a second). Three tables, each row counting the events of one UTC day:
 * - analytics_daily_events (day, event_type): views per day and per period;
 * - analytics_daily_viewers (day, viewer): who was active that day — `viewer` is the signed-in user's
 *   id, or 'device:<device id>' for an anonymous device, exactly as the reads name viewers — for unique
 *   viewers per day, active viewers and retention;
 * - analytics_daily_episodes (day, event_type, episode_id): events naming an episode (the integer
 *   `episode_id` property), for the paywall column of the episode funnel.
 *
 * Triggers on analytics_events keep them exact in the same statement as every insert, delete and
 * update (a deleted user's events become anonymous through `on delete set null`, which moves them to
 * their device). The day and the episode id are computed with the same SQL the reads used before, so
 * the rollups answer what a scan of the events would. Existing events are rolled up here.
 *
 * Also: the indexes the remaining live reads (viewing, unlocks, coin movements, subscriptions) need.
 * Frozen in time (`Kysely<any>`); one file serves SQLite and PostgreSQL.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The integer `episode_id` of an event's properties on PostgreSQL, as the reads computed it: digits
 * within the integer range (a larger number is no episode id, and must not fail an upload).
 */
function pgEpisode(properties: string): string {
  const text = `(${properties}::jsonb ->> 'episode_id')`;
  return `(case when ${text} ~ '^[0-9]+$' and length(ltrim(${text}, '0')) <= 10
    and lpad(ltrim(${text}, '0'), 10, '0') <= '2147483647' then ${text}::integer end)`;
}

/** The expressions of one event row (`row` is a table alias or SQLite's new/old). */
function expressions(pg: boolean, row: string) {
  if (pg) {
    return {
      day: `to_char(${row}.event_time at time zone 'UTC', 'YYYY-MM-DD')`,
      viewer: `coalesce(cast(${row}.user_id as text), 'device:' || ${row}.device_id)`,
      // Properties with \u escapes may hold what jsonb refuses (\u0000): those are parsed by
      // analytics_event_episode, which answers null rather than failing the upload.
      episode: `(case when strpos(${row}.event_properties, '\\u') > 0
        then analytics_event_episode(${row}.event_properties) else ${pgEpisode(`${row}.event_properties`)} end)`,
    };
  }
  return {
    day: `substr(${row}.event_time, 1, 10)`,
    viewer: `coalesce(cast(${row}.user_id as text), 'device:' || ${row}.device_id)`,
    episode: `cast(json_extract(${row}.event_properties, '$.episode_id') as integer)`,
  };
}

/**
 * Statements adding `sign` (per row) of the rows `source` selects (columns of analytics_events, plus
 * `sign`) to the three rollups. `source` is `from <table> as r` in PostgreSQL (a transition table or
 * analytics_events itself) and SQLite's trigger row.
 */
function rollupStatements(pg: boolean, source: string, sign: string): string[] {
  const e = expressions(pg, 'r');
  const upsert = (table: string, key: string[]) =>
    `on conflict (${key.join(', ')}) do update set events = ${table}.events + excluded.events`;
  return [
    `insert into analytics_daily_events (day, event_type, events)
       select ${e.day}, r.event_type, sum(${sign}) ${source}
       group by 1, 2 having sum(${sign}) <> 0 order by 1, 2
       ${upsert('analytics_daily_events', ['day', 'event_type'])}`,
    `insert into analytics_daily_viewers (day, viewer, user_id, events)
       select ${e.day}, ${e.viewer}, r.user_id, sum(${sign}) ${source}
       where ${e.viewer} is not null
       group by 1, 2, 3 having sum(${sign}) <> 0 order by 1, 2
       ${upsert('analytics_daily_viewers', ['day', 'viewer'])}`,
    `insert into analytics_daily_episodes (day, event_type, episode_id, events)
       select ${e.day}, r.event_type, ${e.episode}, sum(${sign}) ${source}
       where ${e.episode} is not null
       group by 1, 2, 3 having sum(${sign}) <> 0 order by 1, 2, 3
       ${upsert('analytics_daily_episodes', ['day', 'event_type', 'episode_id'])}`,
  ];
}

/** Rows of the days `source` touched whose events are all gone are dropped (unique viewers count rows). */
function pruneStatements(pg: boolean, source: string): string[] {
  const e = expressions(pg, 'r');
  return [
    `delete from analytics_daily_events where events = 0
       and (day, event_type) in (select ${e.day}, r.event_type ${source})`,
    `delete from analytics_daily_viewers where events = 0
       and (day, viewer) in (select ${e.day}, ${e.viewer} ${source})`,
    `delete from analytics_daily_episodes where events = 0
       and (day, event_type, episode_id) in (select ${e.day}, r.event_type, ${e.episode} ${source})`,
  ];
}

/** The SQLite trigger body for one row (`new` +1 or `old` −1), as statements over a one-row source. */
function sqliteRow(alias: 'new' | 'old', sign: 1 | -1): string[] {
  // A one-row source named r, so the same statements serve the backfill and the triggers.
  const source = `from (select ${alias}.event_time as event_time, ${alias}.event_type as event_type,
    ${alias}.user_id as user_id, ${alias}.device_id as device_id,
    ${alias}.event_properties as event_properties) as r`;
  return [...rollupStatements(false, source, String(sign)), ...(sign < 0 ? pruneStatements(false, source) : [])];
}

async function run(db: Kysely<any>, statements: string[]) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);

  await db.schema
    .createTable('analytics_daily_events')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('events', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_daily_events_pk', ['day', 'event_type'])
    .execute();
  await db.schema
    .createTable('analytics_daily_viewers')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('viewer', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('events', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_daily_viewers_pk', ['day', 'viewer'])
    .execute();
  await db.schema
    .createIndex('analytics_daily_viewers_user')
    .on('analytics_daily_viewers')
    .columns(['user_id', 'day'])
    .execute();
  await db.schema
    .createTable('analytics_daily_episodes')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('episode_id', 'integer', (c) => c.notNull())
    .addColumn('events', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_daily_episodes_pk', ['day', 'event_type', 'episode_id'])
    .execute();

  if (pg) {
    await sql
      .raw(
        `create function analytics_event_episode(properties text) returns integer language plpgsql immutable as $$
         begin
           return ${pgEpisode('properties')};
         exception when others then
           return null;
         end $$`,
      )
      .execute(db);
  }

  // The events already stored.
  await run(db, rollupStatements(pg, 'from analytics_events as r', '1'));

  if (pg) {
    const body = (source: string, prune: boolean) =>
      `${[...rollupStatements(true, source, 'r.sign'), ...(prune ? pruneStatements(true, source) : [])].join(';\n')};`;
    const newRows = 'select *, 1 as sign from analytics_rollup_new';
    const oldRows = 'select *, -1 as sign from analytics_rollup_old';
    await run(db, [
      `create function analytics_events_rollup_insert() returns trigger language plpgsql as $$
       begin
         ${body(`from (${newRows}) as r`, false)}
         return null;
       end $$`,
      `create function analytics_events_rollup_delete() returns trigger language plpgsql as $$
       begin
         ${body(`from (${oldRows}) as r`, true)}
         return null;
       end $$`,
      `create function analytics_events_rollup_update() returns trigger language plpgsql as $$
       begin
         ${body(`from (${newRows} union all ${oldRows}) as r`, true)}
         return null;
       end $$`,
      `create trigger analytics_events_rollup_insert after insert on analytics_events
         referencing new table as analytics_rollup_new
         for each statement execute function analytics_events_rollup_insert()`,
      `create trigger analytics_events_rollup_delete after delete on analytics_events
         referencing old table as analytics_rollup_old
         for each statement execute function analytics_events_rollup_delete()`,
      `create trigger analytics_events_rollup_update after update on analytics_events
         referencing old table as analytics_rollup_old new table as analytics_rollup_new
         for each statement execute function analytics_events_rollup_update()`,
    ]);
  } else {
    const trigger = (name: string, event: string, statements: string[]) =>
      `create trigger ${name} after ${event} on analytics_events for each row begin
         ${statements.join(';\n')};
       end`;
    await run(db, [
      trigger('analytics_events_rollup_insert', 'insert', sqliteRow('new', 1)),
      trigger('analytics_events_rollup_delete', 'delete', sqliteRow('old', -1)),
      trigger(
        'analytics_events_rollup_update',
        'update of event_time, event_type, user_id, device_id, event_properties',
        [...sqliteRow('new', 1), ...sqliteRow('old', -1)],
      ),
    ]);
  }

  // The live reads: viewing by day and series, unlocks, coin movements and subscriptions by time and user.
  const indexes: Array<[string, string, string[]]> = [
    ['watch_progress_created_series', 'watch_progress', ['created_at', 'series_id']],
    ['watch_progress_series_created', 'watch_progress', ['series_id', 'created_at', 'episode_id']],
    ['watch_progress_series_updated', 'watch_progress', ['series_id', 'updated_at', 'completed', 'episode_id']],
    ['watch_progress_updated_user', 'watch_progress', ['updated_at', 'user_id']],
    ['watch_progress_user_created', 'watch_progress', ['user_id', 'created_at']],
    ['watch_history_watched_user', 'watch_history', ['watched_at', 'user_id']],
    ['episode_unlocks_user_created', 'episode_unlocks', ['user_id', 'created_at']],
    ['coin_ledger_user_created', 'coin_ledger', ['user_id', 'created_at']],
    ['subscriptions_created', 'subscriptions', ['created_at']],
  ];
  for (const [name, table, columns] of indexes) {
    await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  for (const name of ['insert', 'delete', 'update']) {
    await sql
      .raw(`drop trigger if exists analytics_events_rollup_${name}${pg ? ' on analytics_events' : ''}`)
      .execute(db);
    if (pg) await sql.raw(`drop function if exists analytics_events_rollup_${name}()`).execute(db);
  }
  if (pg) await sql.raw('drop function if exists analytics_event_episode(text)').execute(db);
  for (const name of [
    'watch_progress_created_series',
    'watch_progress_series_created',
    'watch_progress_series_updated',
    'watch_progress_updated_user',
    'watch_progress_user_created',
    'watch_history_watched_user',
    'episode_unlocks_user_created',
    'coin_ledger_user_created',
    'subscriptions_created',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  for (const table of ['analytics_daily_episodes', 'analytics_daily_viewers', 'analytics_daily_events']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
