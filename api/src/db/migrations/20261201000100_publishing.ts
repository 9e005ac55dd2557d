/**
 * Draft, published, unpublished and scheduled series and episodes. `status` says what staff decided
 * ('draft' for something never published, 'published', 'unpublished'); `published_at` is when a
 * published row goes live, which may be in the future (scheduled). Viewers see a series or an episode
 * only when it is published and its `published_at` has passed (and, for an episode, its series too).
 *
 * Everything that existed before this migration was on show, so it stays on show: existing rows become
 * published as of their creation. New rows have no default a forgotten insert could fall back on other
 * than 'draft'. Frozen in time (`Kysely<any>`); one file serves SQLite and PostgreSQL.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  for (const table of ['series', 'episodes']) {
    await db.schema
      .alterTable(table)
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
      .execute();
    await db.schema.alterTable(table).addColumn('published_at', timestamp).execute();
    await db
      .updateTable(table)
      .set({ status: 'published', published_at: sql.ref('created_at') })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['series', 'episodes']) {
    await db.schema.alterTable(table).dropColumn('published_at').execute();
    await db.schema.alterTable(table).dropColumn('status').execute();
  }
}
