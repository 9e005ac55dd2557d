/**
 * Issue #21.
 * - `users.language`: the interface language the viewer chose (`en`, `ru`); null until they choose, when
 *   the browser's preferred languages decide.
 * - `series.translations`, `episodes.translations`: titles and descriptions in other languages, as JSON
 *   text (language → `{ title?, description? }`); null when none.
 * - `series.audio_language`: the language spoken in the series (`en` unless staff say otherwise).
 * Frozen in time (`Kysely<any>`); one file serves SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
  await db.schema.alterTable('series').addColumn('translations', 'text').execute();
  await db.schema
    .alterTable('series')
    .addColumn('audio_language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema.alterTable('episodes').addColumn('translations', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('episodes').dropColumn('translations').execute();
  await db.schema.alterTable('series').dropColumn('audio_language').execute();
  await db.schema.alterTable('series').dropColumn('translations').execute();
  await db.schema.alterTable('users').dropColumn('language').execute();
}
