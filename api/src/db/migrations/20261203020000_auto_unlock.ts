/**
 * Issue #17.
 * - `auto_unlock_settings`: opt-in auto-unlock per viewer and series: whether it is on, the viewer's
 *   spend cap in coins, and the coins automatic unlocks have spent against that cap. One row per
 *   (user, series); `spent_coins` never exceeds `cap_coins` while it is on (the unlock's conditional
 *   update keeps it so, and the CHECKs refuse negative values).
 * - `payments.merged_from_user_id`: the guest a payment was made by, when it moved to an account with a
 *   guest merge, so the account's transactions can mark the guest's own lines "as guest". Null for
 *   payments made by the account itself (and for payments moved before this migration).
 * Frozen in time (`Kysely<any>`); one file serves SQLite and PostgreSQL.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  await db.schema
    .createTable('auto_unlock_settings')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id').onDelete('cascade'))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('cap_coins', 'integer', (c) => c.notNull().defaultTo(0).check(sql`cap_coins >= 0`))
    .addColumn('spent_coins', 'integer', (c) => c.notNull().defaultTo(0).check(sql`spent_coins >= 0`))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('auto_unlock_settings_user_series', ['user_id', 'series_id'])
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('merged_from_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('merged_from_user_id').execute();
  await db.schema.dropTable('auto_unlock_settings').execute();
}
