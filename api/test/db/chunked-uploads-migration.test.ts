/**
 * Images are uploaded over tus like videos, so the migration that ends the chunked upload protocol
 * drops its two tables with what they held; going back makes them again, empty. SQLite and PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { createDatabase } from '../../src/db/database';
import { staticMigrationProvider } from '../../src/db/migrations';
import { databaseKinds, dropSchema, postgresUrl } from '../support/databases';

jest.setTimeout(30_000);

const BEFORE = '20261207110000_receipt_emails';
const DROP = '20261207130000_drop_chunked_uploads';
const TABLES = ['media_upload_chunks', 'media_uploads'];

describe.each(databaseKinds())('the migration that drops the chunked uploads (%s)', (kind) => {
  it('drops both tables with their rows, and going back makes them again, empty', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cliffhanger-migration-'));
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const { db } = await createDatabase(
      kind === 'postgres'
        ? { kind: 'postgres', connectionString: postgresUrl() as string, schema }
        : { kind: 'sqlite', path: join(dir, 'old.db') },
    );
    const migrator = new Migrator({
      db,
      provider: staticMigrationProvider,
      ...(kind === 'postgres' ? { migrationTableSchema: schema } : {}),
    });
    const old = db as unknown as Kysely<any>;
    const tables = async () =>
      (await db.introspection.getTables()).map((table) => table.name).filter((name) => TABLES.includes(name));
    try {
      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      const at = '2026-12-07T10:00:00.000Z';
      await old
        .insertInto('media_uploads')
        .values({
          id: '0b6c2a52-7c1e-4d53-9a0f-7f4f3c1d2e10',
          kind: 'image',
          filename: 'poster.png',
          size: 10,
          chunk_size: 5,
          total_chunks: 2,
          status: 'open',
          created_at: at,
          updated_at: at,
        })
        .execute();
      await old
        .insertInto('media_upload_chunks')
        .values({ upload_id: '0b6c2a52-7c1e-4d53-9a0f-7f4f3c1d2e10', chunk_index: 0, size: 5, received_at: at })
        .execute();

      expect((await migrator.migrateTo(DROP)).error).toBeUndefined();
      expect(await tables()).toEqual([]);

      expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
      expect((await tables()).sort()).toEqual([...TABLES].sort());
      expect(await old.selectFrom('media_uploads').selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
      if (kind === 'postgres') await dropSchema(postgresUrl() as string, schema);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
