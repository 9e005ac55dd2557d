/**
 * Issue #38: `episodes.credits_start`, where an episode's closing credits start (seconds from its
 * start; null when not marked, and the default of shared/src/watched.ts applies). An episode counts as
 * watched once the viewer reaches it. The demo episodes end on 8 s of credits (DEMO_EPISODE_SHAPE), so
 * those already seeded get their mark here; the seed writes it for new ones.
 * Frozen in time (`Kysely<any>`); one file serves SQLite and PostgreSQL.
 */
import { type Kysely, sql } from 'kysely';

const DEMO_CREDITS_SECONDS = 8;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('episodes').addColumn('credits_start', 'double precision').execute();
  await db
    .updateTable('episodes')
    .set({ credits_start: sql`duration - ${DEMO_CREDITS_SECONDS}` })
    .where('hls_url', 'like', '/media/demo/%')
    .where('duration', '>', DEMO_CREDITS_SECONDS)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('episodes').dropColumn('credits_start').execute();
}
