/** The credits migration gives the demo episodes already seeded their credits mark, on SQLite and PostgreSQL. */
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

jest.setTimeout(30_000);

describe.each(databaseKinds())('the episode credits migration (%s)', (kind) => {
  it("marks a seeded demo episode's credits at its last 8 s and leaves other episodes unmarked", async () => {
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
      expect((await before.migrateTo('20261207020000_kept_guests')).error).toBeUndefined();
      const old = db as unknown as Kysely<any>;
      const at = '2026-12-01T10:00:00.000Z';
      await old
        .insertInto('series')
        .values({ id: 1, title: 'S', slug: 's', status: 'published', created_at: at, updated_at: at })
        .execute();
      const episode = (number: number, hls: string | null) => ({
        series_id: 1,
        episode_number: number,
        title: `E${number}`,
        duration: 118,
        hls_url: hls,
        status: 'published',
        position: number,
        created_at: at,
        updated_at: at,
      });
      await old
        .insertInto('episodes')
        .values([
          episode(1, '/media/demo/s/ep1/master.m3u8'),
          episode(2, '/media/library/x/master.m3u8'),
          episode(3, null),
        ])
        .execute();

      await migrateToLatest(db, kind === 'postgres' ? schema : undefined);
      const marks = await db
        .selectFrom('episodes')
        .select(['episode_number', 'credits_start'])
        .orderBy('episode_number')
        .execute();
      expect(marks.map((row) => row.credits_start)).toEqual([110, null, null]);
    } finally {
      await db.destroy();
      if (kind === 'postgres') await dropSchema(postgresUrl() as string, schema);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
