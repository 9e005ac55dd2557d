/**
 * The identity migration on a database that already holds names differing only in case: the oldest
 * account keeps its name, later ones are renamed (or lose a clashing address), and from then on the
 * database itself refuses such twins.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { createDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { staticMigrationProvider } from '../../src/db/migrations';
import type { Database } from '../../src/db/schema';
import { type DatabaseKind, databaseKinds, dropSchema, postgresUrl } from '../support/databases';

async function openDatabase(kind: DatabaseKind) {
  const dir = mkdtempSync(join(tmpdir(), 'cliffhanger-migration-'));
  const schema = kind === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const handle = await createDatabase(
    kind === 'postgres'
      ? { kind, connectionString: postgresUrl() as string, schema: schema as string }
      : { kind, path: join(dir, 'test.db') },
  );
  return {
    db: handle.db,
    schema,
    async close() {
      await handle.db.destroy();
      if (schema) {
        await dropSchema(postgresUrl() as string, schema);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function user(db: Kysely<Database>, id: number, username: string, email: string | null) {
  const at = new Date().toISOString();
  return db
    .insertInto('users')
    .values({
      id,
      username,
      email,
      password_hash: null,
      guest_id: null,
      signup_data: null,
      gold_until: null,
      merged_into_user_id: null,
      last_login_at: null,
      created_at: at,
      updated_at: at,
    } as never)
    .execute();
}

describe.each(databaseKinds())('identity migration (%s)', (kind) => {
  it('resolves names and addresses that differ only in case, then refuses new twins', async () => {
    const database = await openDatabase(kind);
    try {
      const migrator = new Migrator({
        db: database.db,
        provider: staticMigrationProvider,
        ...(database.schema ? { migrationTableSchema: database.schema } : {}),
      });
      const previous = await migrator.migrateTo('20261121300000_analytics_rollups');
      expect(previous.error).toBeUndefined();
      await user(database.db, 1, 'SEC-A55', 'one@example.com');
      await user(database.db, 2, 'sec-a55', 'Two@Example.com');
      await user(database.db, 3, 'Sec-A55', 'two@example.com');
      await user(database.db, 4, 'sec-a55_2', null);

      expect(await migrateToLatest(database.db, database.schema)).toContain('20261125000000_identity');

      const rows = await database.db.selectFrom('users').select(['id', 'username', 'email']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: 1, username: 'SEC-A55', email: 'one@example.com' },
        { id: 2, username: 'sec-a55_2_2', email: 'two@example.com' },
        { id: 3, username: 'Sec-A55_3', email: null },
        { id: 4, username: 'sec-a55_2', email: null },
      ]);
      // By message, not `toThrow()`: the SQLite driver's error class comes from the first test file a jest
      // worker loaded it in, so in a later file it is not an `Error` of that file's realm.
      const unique = { message: expect.stringMatching(/unique/i) };
      await expect(user(database.db, 5, 'sec-A55', null)).rejects.toMatchObject(unique);
      await expect(user(database.db, 6, 'fresh', 'ONE@example.com')).rejects.toMatchObject(unique);
    } finally {
      await database.close();
    }
  });
});
