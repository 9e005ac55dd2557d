/**
 * Free coins given a day per client address and per device (kernel/free-coin-pool.ts): one row per
 * bucket and UTC day, holding the coins given so far. `bucket` is the SHA-256 of the address or device
 * id, so no address is stored. Frozen in time (`Kysely<any>`); one file serves SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('free_coin_pools')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('coins', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('free_coin_pools_pk', ['bucket', 'day'])
    .execute();
  await db.schema.createIndex('free_coin_pools_day').on('free_coin_pools').column('day').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('free_coin_pools').execute();
}
