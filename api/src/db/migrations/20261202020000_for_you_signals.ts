/**
 * Indexes for the for-you feed's co-watching signal ("people who finished X watched Y"): who completed
 * episodes of a series (`watch_progress` by series, completed, user), then what else those viewers
 * watched (by user and series). Frozen in time (`Kysely<any>`); one file serves SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

const INDEXES: Array<[string, string[]]> = [
  ['watch_progress_series_completed_user', ['series_id', 'completed', 'user_id']],
  ['watch_progress_user_series', ['user_id', 'series_id']],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of INDEXES) {
    await db.schema.createIndex(name).ifNotExists().on('watch_progress').columns(columns).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).ifExists().execute();
}
