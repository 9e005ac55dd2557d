/**
 * Who reported on a remote version, per minute: a short hash of the reporting browser's address and
 * user agent (never the address itself), one row however many reports it sent. Load reports are
 * public, so the automatic rollback counts a canary's failures only once several different browsers
 * reported on it (CANARY_AUTO_ROLLBACK.minReporters). Frozen in time (`Kysely<any>`).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('remote_load_reporters')
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('minute', 'integer', (c) => c.notNull())
    .addColumn('reporter', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('remote_load_reporters_pk', ['remote', 'version', 'minute', 'reporter'])
    .execute();
  await db.schema.createIndex('remote_load_reporters_minute').on('remote_load_reporters').column('minute').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('remote_load_reporters').execute();
}
