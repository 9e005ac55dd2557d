/** The publishing migration keeps everything that was on show on show, on SQLite and PostgreSQL. */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { createDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { staticMigrationProvider } from '../../src/db/migrations';
import { databaseKinds, dropSchema, postgresUrl } from '../support/databases';

describe.each(databaseKinds())('the publishing migration (%s)', (kind) => {
  it('makes existing series and episodes published as of their creation, and new rows drafts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cliffhanger-migration-'));
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const { db } = await createDatabase(
      kind === 'postgres'
        ? { kind: 'postgres', connectionString: postgresUrl() as string, schema }
        : { kind: 'sqlite', path: join(dir, 'old.db') },
    );
    const pgSchema = kind === 'postgres' ? { migrationTableSchema: schema } : {};
    try {
      const before = new Migrator({ db, provider: staticMigrationProvider, ...pgSchema });
      const { error } = await before.migrateTo('20261121300000_analytics_rollups');
      expect(error).toBeUndefined();
      const old = db as unknown as Kysely<any>;
      const created = '2024-03-01T10:00:00.000Z';
      await old
        .insertInto('series')
        .values({ id: 1, title: 'Old favourite', slug: 'old', created_at: created, updated_at: created })
        .execute();
      await old
        .insertInto('episodes')
        .values({ series_id: 1, episode_number: 1, title: 'Pilot', created_at: created, updated_at: created })
        .execute();

      await migrateToLatest(db, kind === 'postgres' ? schema : undefined);
      const series = await db.selectFrom('series').select(['status', 'published_at']).executeTakeFirstOrThrow();
      const episode = await db.selectFrom('episodes').select(['status', 'published_at']).executeTakeFirstOrThrow();
      for (const row of [series, episode]) {
        expect(row.status).toBe('published');
        expect(new Date(row.published_at as string).toISOString()).toBe(created);
      }
      // A row written without saying otherwise (raw SQL, an old script) is a draft, never on show.
      await old
        .insertInto('series')
        .values({ id: 2, title: 'Raw insert', slug: 'raw', created_at: created, updated_at: created })
        .execute();
      const raw = await db
        .selectFrom('series')
        .select(['status', 'published_at'])
        .where('id', '=', 2)
        .executeTakeFirst();
      expect(raw).toEqual({ status: 'draft', published_at: null });
    } finally {
      await db.destroy();
      if (kind === 'postgres') {
        await dropSchema(postgresUrl() as string, schema);
      }
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
