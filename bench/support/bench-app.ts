/**
 * What the benches share: finding the local PostgreSQL, a throw-away database, an API configuration
 * without rate limits, a series of paid episodes to unlock and the check that no unlock was charged twice.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../../api/src/config';
import type { Database } from '../../api/src/db/schema';
import { insertSeries } from '../../api/src/domains/catalogue/catalogue.repository';
import { dropSchema } from '../../api/test/support/databases';
import { seriesRow } from '../../api/test/support/fixtures';
import { testConfig } from '../../api/test/support/test-config';

/** The machine's PostgreSQL (database `test`, user `postgres` or `root`) if it answers, else null. */
export async function probePostgres(): Promise<string | null> {
  for (const user of ['postgres', 'root']) {
    const url = `postgres://${user}@127.0.0.1:5432/test`;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
    try {
      await client.connect();
      await client.end();
      return url;
    } catch {
      await client.end().catch(() => undefined);
    }
  }
  return null;
}

/** `BENCH_PG_URL` when set (empty: no PostgreSQL), else the machine's PostgreSQL if it answers. */
export async function postgresUrl(): Promise<string | null> {
  if (process.env.BENCH_PG_URL !== undefined) return process.env.BENCH_PG_URL || null;
  return probePostgres();
}

/**
 * A throw-away database for one bench run: a SQLite file in a new temporary folder, or a fresh schema
 * on PostgreSQL. `remove` drops the schema and deletes the folder.
 */
export function benchDatabase(
  kind: 'sqlite' | 'postgres',
  pgUrl: string | null,
): { dir: string; database: AppConfig['database']; remove(): Promise<void> } {
  const dir = mkdtempSync(join(tmpdir(), 'cliffhanger-bench-'));
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const database: AppConfig['database'] =
    kind === 'sqlite'
      ? { kind: 'sqlite', path: join(dir, 'bench.db') }
      : { kind: 'postgres', connectionString: pgUrl as string, schema };
  return {
    dir,
    database,
    async remove() {
      if (kind === 'postgres') await dropSchema(pgUrl as string, schema);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An in-process API for a bench: the tests' configuration without rate limits, on any free port. */
export function benchConfig(dir: string, database: AppConfig['database']): AppConfig {
  return testConfig(dir, database, {
    port: 0,
    publicUrl: null,
    corsOrigins: [],
    rateLimit: {
      anonymousPerMinute: 10_000_000,
      userPerMinute: 10_000_000,
      sensitivePerMinute: 10_000_000,
      guestSignupsPerMinute: 10_000_000,
    },
  });
}

/** A series of `count` paid episodes at `coinCost` each; answers the episode ids in order. */
export async function insertPaidSeries(
  db: Kysely<Database>,
  {
    title,
    slug,
    count,
    coinCost,
    batch = 200,
  }: { title: string; slug: string; count: number; coinCost: number; batch?: number },
): Promise<number[]> {
  const at = new Date().toISOString();
  const seriesId = await insertSeries(db, seriesRow(title, slug));
  const ids: number[] = [];
  for (let i = 0; i < count; i += batch) {
    const rows = Array.from({ length: Math.min(batch, count - i) }, (_, j) => ({
      series_id: seriesId,
      season_number: 1,
      episode_number: i + j + 1,
      title: `Episode ${i + j + 1}`,
      is_free: false,
      coin_cost: coinCost,
      position: i + j,
      status: 'published' as const,
      published_at: at,
      created_at: at,
      updated_at: at,
    }));
    ids.push(...(await db.insertInto('episodes').values(rows).returning('id').execute()).map((r) => r.id));
  }
  return ids;
}

/**
 * After a run of unlocks: how many (user, episode) pairs were charged more than once, and how many of
 * these users' balances differ from the sum of their ledger (both 0 when nothing was double-charged).
 */
export async function ledgerProblems(
  db: Kysely<Database>,
  userIds: number[],
): Promise<{ doubleCharges: number; balanceMismatches: number }> {
  const doubles = await db
    .selectFrom('coin_ledger')
    .select(['user_id', 'reference'])
    .where('reason', '=', 'unlock')
    .groupBy(['user_id', 'reference'])
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  let mismatches = 0;
  for (const id of userIds) {
    const user = await db.selectFrom('users').select('coin_balance').where('id', '=', id).executeTakeFirstOrThrow();
    const sum = await db
      .selectFrom('coin_ledger')
      .select((eb) => eb.fn.sum<number>('delta').as('sum'))
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(sum.sum) !== user.coin_balance) mismatches += 1;
  }
  return { doubleCharges: doubles.length, balanceMismatches: mismatches };
}
