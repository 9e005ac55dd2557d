/**
 * Issue #22, versioned remotes.
 * - `remote_rollouts`: one row per remote once staff first change it (no row: the built-in build is
 *   stable and there is no canary). `stable_version` null means the built-in build; a canary has a
 *   version and a share of 1–100 %. The last automatic rollback is kept beside the rule (when, which
 *   version, why) so the admin can show it plainly.
 * - `remote_load_buckets`: load reports summed per (remote, version, UTC minute): loads, load
 *   failures, screen errors and the sum of load times, so figures over the rollback window read at
 *   most an hour of minutes per version.
 * - `remote_load_samples`: a bounded sample of load times (a few per version and minute) for medians.
 * Frozen in time (`Kysely<any>`); one file serves SQLite and PostgreSQL.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  await db.schema
    .createTable('remote_rollouts')
    .addColumn('remote', 'text', (c) => c.primaryKey())
    .addColumn('stable_version', 'text')
    .addColumn('canary_version', 'text')
    .addColumn('canary_share', 'integer', (c) =>
      c.notNull().defaultTo(0).check(sql`canary_share >= 0 and canary_share <= 100`),
    )
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('auto_rollback_at', timestamp)
    .addColumn('auto_rollback_version', 'text')
    .addColumn('auto_rollback_reason', 'text')
    .execute();
  await db.schema
    .createTable('remote_load_buckets')
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    // Minutes since the Unix epoch (UTC).
    .addColumn('minute', 'integer', (c) => c.notNull())
    .addColumn('loads', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('load_ms_sum', pg ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('remote_load_buckets_pk', ['remote', 'version', 'minute'])
    .execute();
  await db.schema.createIndex('remote_load_buckets_minute').on('remote_load_buckets').column('minute').execute();
  await db.schema
    .createTable('remote_load_samples')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('minute', 'integer', (c) => c.notNull())
    .addColumn('load_ms', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('remote_load_samples_version_minute')
    .on('remote_load_samples')
    .columns(['remote', 'version', 'minute'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('remote_load_samples').execute();
  await db.schema.dropTable('remote_load_buckets').execute();
  await db.schema.dropTable('remote_rollouts').execute();
}
