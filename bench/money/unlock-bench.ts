/**
 * Sustained episode unlocks per second with 100 concurrent clients, on SQLite and (when reachable)
 * PostgreSQL, then a check that no episode was charged twice: coin_ledger rows per user and episode
 * must be at most 1, and every balance must equal the sum of its ledger.
 *
 * Each client is its own guest user with plenty of coins; it unlocks episodes picked at random with
 * replacement, so some requests hit "already unlocked" (the double-charge guard under load).
 * The API runs in this process on a free port, over real HTTP with keep-alive.
 *
 *   npx tsx bench/money/unlock-bench.ts          (BENCH_SECONDS=10 BENCH_CLIENTS=100 by default)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../../api/src/app';
import type { AppConfig } from '../../api/src/config';
import { applyEntry, moneyTransaction } from '../../api/src/domains/coins/money-transaction';
import { benchConfig, insertPaidSeries, postgresUrl } from '../support/bench-app';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const EPISODES = 2000;
const COST = 3;
const START_COINS = 1_000_000;

interface Result {
  database: string;
  unlocksPerSecond: number;
  requestsPerSecond: number;
  charged: number;
  alreadyUnlocked: number;
  errors: number;
  p50: number;
  p99: number;
  doubleCharges: number;
  balanceMismatches: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function run(kind: 'sqlite' | 'postgres', pgUrl: string | null): Promise<Result> {
  const dir = mkdtempSync(join(tmpdir(), 'cliffhanger-bench-'));
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const database: AppConfig['database'] =
    kind === 'sqlite'
      ? { kind: 'sqlite', path: join(dir, 'bench.db') }
      : { kind: 'postgres', connectionString: pgUrl as string, schema };
  process.env.STRIPE_WEBHOOK_SECRET ??= `whsec_bench_${randomBytes(8).toString('hex')}`;
  delete process.env.STRIPE_SECRET_KEY;
  const app = await buildApp(benchConfig(dir, database));
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const ctx = app.ctx;

    const episodeIds = await insertPaidSeries(ctx.db, {
      title: 'Bench series',
      slug: 'bench',
      count: EPISODES,
      coinCost: COST,
    });

    const at = new Date().toISOString();
    const clients: Array<{ id: number; token: string }> = [];
    for (let i = 0; i < CLIENTS; i += 1) {
      const guestId = `bench${i}${randomBytes(6).toString('hex')}`;
      const response = await fetch(`${base}/api/user/signup/`, {
        method: 'POST',
        headers: { authorization: 'Token cliffhanger-web', 'content-type': 'application/json' },
        body: JSON.stringify({ id: guestId, age: 30, gender: 2, web: true, email: `${guestId}@guest.cliffhanger.app` }),
      });
      const session = (await response.json()) as { access: string; user: { id: number } };
      await moneyTransaction(ctx, (trx) =>
        applyEntry(trx, {
          userId: session.user.id,
          delta: START_COINS,
          reason: 'staff_grant',
          reference: 'bench',
          createdAt: at,
        }),
      );
      clients.push({ id: session.user.id, token: session.access });
    }

    let charged = 0;
    let already = 0;
    let errors = 0;
    const latencies: number[] = [];
    const deadline = Date.now() + SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      clients.map(async (client) => {
        while (Date.now() < deadline) {
          const episode = episodeIds[Math.floor(Math.random() * episodeIds.length)] as number;
          const t0 = performance.now();
          try {
            const response = await fetch(`${base}/api/episodes/${episode}/unlock/`, {
              method: 'POST',
              headers: { authorization: `Bearer ${client.token}` },
            });
            const body = (await response.json()) as { via?: string };
            if (response.status !== 200) errors += 1;
            else if (body.via === 'coins') charged += 1;
            else already += 1;
          } catch {
            errors += 1;
          }
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;

    const doubles = await ctx.db
      .selectFrom('coin_ledger')
      .select(['user_id', 'reference'])
      .where('reason', '=', 'unlock')
      .groupBy(['user_id', 'reference'])
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    let mismatches = 0;
    for (const client of clients) {
      const user = await ctx.db
        .selectFrom('users')
        .select('coin_balance')
        .where('id', '=', client.id)
        .executeTakeFirstOrThrow();
      const sum = await ctx.db
        .selectFrom('coin_ledger')
        .select((eb) => eb.fn.sum<number>('delta').as('sum'))
        .where('user_id', '=', client.id)
        .executeTakeFirstOrThrow();
      if (Number(sum.sum) !== user.coin_balance) mismatches += 1;
    }
    latencies.sort((a, b) => a - b);
    return {
      database: kind,
      unlocksPerSecond: charged / elapsed,
      requestsPerSecond: latencies.length / elapsed,
      charged,
      alreadyUnlocked: already,
      errors,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      doubleCharges: doubles.length,
      balanceMismatches: mismatches,
    };
  } finally {
    await app.close();
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: pgUrl as string });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const pgUrl = await postgresUrl();
  const results: Result[] = [await run('sqlite', null)];
  if (pgUrl) results.push(await run('postgres', pgUrl));
  else console.log('PostgreSQL unreachable at 127.0.0.1:5432: SQLite only');

  console.log(
    `\nUnlock bench: ${CLIENTS} concurrent clients, ${SECONDS} s, ${EPISODES} paid episodes at ${COST} coins\n`,
  );
  console.table(
    results.map((r) => ({
      database: r.database,
      'charged unlocks/s': Math.round(r.unlocksPerSecond),
      'requests/s': Math.round(r.requestsPerSecond),
      charged: r.charged,
      'already unlocked': r.alreadyUnlocked,
      errors: r.errors,
      'p50 ms': r.p50.toFixed(1),
      'p99 ms': r.p99.toFixed(1),
      'double charges': r.doubleCharges,
      'balance ≠ ledger': r.balanceMismatches,
    })),
  );
  const bad = results.some((r) => r.doubleCharges > 0 || r.balanceMismatches > 0);
  if (bad) {
    console.error('FAILED: double charges or balances that differ from their ledger');
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
