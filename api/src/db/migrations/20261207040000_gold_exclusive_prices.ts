/**
 * Issue #38: a Gold-exclusive series sells no episode for coins. The prices its paid episodes kept
 * (shown by the desktop player as "12 coins" although only Gold opens them) are cleared; the episodes
 * stay paid (`is_free` false), which in a Gold exclusive means Gold only. Nothing to restore on the way
 * down: turning Gold-exclusive off gives them the default price (catalogue/episode-editing.service.ts).
 * Frozen in time (`Kysely<any>`); one file serves SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('episodes')
    .set({ coin_cost: 0 })
    .where('is_free', '=', false)
    .where('coin_cost', '>', 0)
    .where('series_id', 'in', db.selectFrom('series').select('id').where('is_gold_exclusive', '=', true))
    .execute();
}

export async function down(): Promise<void> {}
