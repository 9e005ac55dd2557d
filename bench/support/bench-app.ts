/**
 * What the benches share: finding the local PostgreSQL, an API configuration without rate limits,
 * and a series of paid episodes to unlock.
 */
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { AppConfig } from '../../api/src/config';
import type { Database } from '../../api/src/db/schema';
import { insertSeries } from '../../api/src/domains/catalogue/catalogue.repository';
import { seriesRow } from '../../api/test/support/fixtures';
import { testConfig } from '../../api/test/support/test-config';

/** `BENCH_PG_URL` when set (empty: no PostgreSQL), else the machine's PostgreSQL if it answers. */
export async function postgresUrl(): Promise<string | null> {
  if (process.env.BENCH_PG_URL !== undefined) return process.env.BENCH_PG_URL || null;
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

/** An in-process API for a bench: the tests' configuration without rate limits, on any free port. */
export function benchConfig(dir: string, database: AppConfig['database']): AppConfig {
  return testConfig(dir, database, {
    port: 0,
    publicUrl: null,
    corsOrigins: [],
    rateLimit: { globalPerMinute: 10_000_000, sensitivePerMinute: 10_000_000 },
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
