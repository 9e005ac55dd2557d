/**
 * Issue #21: subtitles per episode per language. `episode_subtitles` keeps one WebVTT text per
 * (episode, language), already converted and cleaned by the subtitles domain, with its cue count and
 * the label the captions menu shows. Rows go with their episode. Frozen in time (`Kysely<any>`); one
 * file serves SQLite and PostgreSQL.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const timestamp = pg ? 'timestamptz' : 'text';
  await db.schema
    .createTable('episode_subtitles')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('episode_id', 'integer', (c) => c.notNull().references('episodes.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('vtt', 'text', (c) => c.notNull())
    .addColumn('cues', 'integer', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('episode_subtitles_episode_language', ['episode_id', 'language'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('episode_subtitles').execute();
}
