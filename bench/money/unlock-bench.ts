/**
 * Sustained charged episode unlocks per second with 100 concurrent clients, on SQLite and (when
 * reachable) PostgreSQL, beside hello-world requests per second of a bare `node:http` server driven by
 * the same clients in the same process, alternating rounds; then a check that no episode was charged
 * twice: coin_ledger rows per user and episode must be at most 1, and every balance must equal the
 * sum of its ledger.
 *
 * Each client is its own guest user with plenty of coins; it unlocks episodes picked at random with
 * replacement, so some requests hit "already unlocked" (the double-charge guard under load). Every
 * unlock is its own transaction (nothing is batched); the API runs in this process on a free port,
 * over real HTTP with keep-alive, with the database settings `npm start` uses.
 *
 *   npm run bench:unlocks -w bench     (BENCH_ROUNDS=3 BENCH_SECONDS=5 BENCH_CLIENTS=100; BENCH_QUICK=1: a quick pass)
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../api/src/app';
import { applyEntry, moneyTransaction } from '../../api/src/kernel/money-transaction';
import { startBareServer } from '../api/bare-server';
import { benchConfig, benchDatabase, insertPaidSeries, ledgerProblems, postgresUrl } from '../support/bench-app';
import { alternate, type Figure, formatTable, loadAverage, median, QUICK } from '../support/stats';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? (QUICK ? 20 : 100));
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 1 : 5));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (QUICK ? 2 : 3));
const EPISODES = 5000;
const COST = 3;
const START_COINS = 1_000_000;

interface Result {
  database: string;
  /** Median over the rounds. */
  unlocksPerSecond: number;
  helloPerSecond: number;
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
  const { dir, database, remove } = benchDatabase(kind, pgUrl);
  const app = await buildApp(benchConfig(dir, database));
  const bareServer = await startBareServer([], 0);
  const bare = { url: `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/hello` };
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
    let requests = 0;
    const latencies: number[] = [];
    /** Every client requests as fast as it is answered for SECONDS; answers the count per second. */
    const drive = async (request: (client: { id: number; token: string }) => Promise<boolean>) => {
      let counted = 0;
      const deadline = Date.now() + SECONDS * 1000;
      const started = performance.now();
      await Promise.all(
        clients.map(async (client) => {
          while (Date.now() < deadline) {
            if (await request(client)) counted += 1;
          }
        }),
      );
      return counted / ((performance.now() - started) / 1000);
    };
    const unlock = async (client: { id: number; token: string }) => {
      const episode = episodeIds[Math.floor(Math.random() * episodeIds.length)] as number;
      const t0 = performance.now();
      let wasCharged = false;
      try {
        const response = await fetch(`${base}/api/episodes/${episode}/unlock/`, {
          method: 'POST',
          headers: { authorization: `Bearer ${client.token}` },
        });
        const body = (await response.json()) as { via?: string };
        if (response.status !== 200) errors += 1;
        else if (body.via === 'coins') wasCharged = true;
        else already += 1;
      } catch {
        errors += 1;
      }
      if (wasCharged) charged += 1;
      requests += 1;
      latencies.push(performance.now() - t0);
      return wasCharged;
    };
    const hello = bare.url;
    const sayHello = async () => {
      const response = await fetch(hello);
      await response.arrayBuffer();
      return response.status === 200;
    };
    let unlockSeconds = 0;
    const samples = await alternate(['unlocks', 'hello'] as const, ROUNDS, async (name) => {
      if (name === 'hello') return drive(sayHello);
      const started = performance.now();
      const perSecond = await drive(unlock);
      unlockSeconds += (performance.now() - started) / 1000;
      return perSecond;
    });

    const ledger = await ledgerProblems(
      ctx.db,
      clients.map((client) => client.id),
    );
    latencies.sort((a, b) => a - b);
    return {
      database: kind,
      unlocksPerSecond: median(samples.unlocks),
      helloPerSecond: median(samples.hello),
      requestsPerSecond: requests / unlockSeconds,
      charged,
      alreadyUnlocked: already,
      errors,
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      ...ledger,
    };
  } finally {
    bareServer.close();
    await app.close();
    await remove();
  }
}

async function main() {
  const before = loadAverage();
  const pgUrl = await postgresUrl();
  const results: Result[] = [await run('sqlite', null)];
  if (pgUrl) results.push(await run('postgres', pgUrl));
  else console.log('PostgreSQL unreachable at 127.0.0.1:5432: SQLite only');

  console.log(
    formatTable(
      `Charged unlocks/s vs hello-world req/s of a bare node:http server, same ${CLIENTS} clients, ${ROUNDS} alternating rounds of ${SECONDS} s, load before ${before}`,
      results.map(
        (r): Figure => ({
          name: `charged unlocks/s, ${r.database}`,
          product: r.unlocksPerSecond,
          baseline: r.helloPerSecond,
          unit: '/s',
          // The goal is set on SQLite, the database `npm start` runs; PostgreSQL is shown beside it.
          goal: r.database === 'sqlite' ? { direction: 'at least', ratio: 0.1 } : undefined,
          samples: ROUNDS,
        }),
      ),
    ),
  );
  console.table(
    results.map((r) => ({
      database: r.database,
      'unlock requests/s': Math.round(r.requestsPerSecond),
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
