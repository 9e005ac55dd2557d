/** Brings the schema up to date; run by the server at start and by the test helper. */
import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { staticMigrationProvider } from './migrations';
import type { Database } from './schema';

/**
 * `schema` (PostgreSQL only) keeps Kysely's own bookkeeping tables in that schema too; without it the
 * migrator would find another schema's `kysely_migration` table through introspection.
 */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: staticMigrationProvider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}
