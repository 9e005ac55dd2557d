/**
 * Scale-out on one machine: the API as 1 and as 2 processes (API_WORKERS, node:cluster) on PostgreSQL
 * with Redis, measured with autocannon over real HTTP:
 *   - GET /api/series/ (limit 20), the catalogue list every visitor loads;
 *   - POST /feed-api/user/public-view/, the poll every open tab sends each 2 s, spread over many users;
 *   - POST /api/episodes/{id}/unlock/ by 100 clients with plenty of coins, picking paid episodes at
 *     random (some already unlocked), then a check that no episode was charged twice and every
 *     balance equals its ledger, across both processes.
 * Each worker count runs with the answer caches on (as deployed) and off (every answer read from the
 * database), so the table shows what the caches and the second process each bring.
 * The database is a fresh `cliffhanger_scale_bench` on 127.0.0.1:5432 (dropped and created again).
 *
 *   npx tsx bench/scale/scale-bench.ts
 *   (BENCH_SECONDS=8 BENCH_CONNECTIONS=50 BENCH_USERS=200 BENCH_UNLOCK_CLIENTS=100 by default)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import pg from 'pg';
import type { AppContext } from '../../api/src/context';
import { createDatabase, type DatabaseHandle } from '../../api/src/db/database';
import { applyEntry, moneyTransaction } from '../../api/src/kernel/money-transaction';
import { API_NODE_FLAGS } from '../../api/src/node-flags';
import { DEMO_CATALOGUE_READY } from '../../demo/src/demo-catalogue-run';
import { freePort, ROOT } from '../../e2e/support/system';
import { insertPaidSeries, ledgerProblems, probePostgres } from '../support/bench-app';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const USERS = Number(process.env.BENCH_USERS ?? 200);
const UNLOCK_CLIENTS = Number(process.env.BENCH_UNLOCK_CLIENTS ?? 100);
const EPISODES = 4000;
const COST = 3;
const START_COINS = 1_000_000;
const DATABASE = 'cliffhanger_scale_bench';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const tsx = require.resolve('tsx/cli', { paths: [ROOT] });

interface Session {
  id: number;
  token: string;
}

interface Row {
  workers: number;
  caches: string;
  route: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  note: string;
}

async function redisReachable(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

async function recreateDatabase(admin: string): Promise<string> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${DATABASE}`);
  await client.end();
  return admin.replace(/\/test$/, `/${DATABASE}`);
}

/**
 * Starts the API with the demo catalogue (demo/src/server.ts) and resolves once every worker listens
 * and the demo catalogue is complete.
 */
async function launch(port: number, workers: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [tsx, ...API_NODE_FLAGS, 'demo/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', API_WORKERS: String(workers) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API did not start within 10 min:\n${output}`)), 600_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      // Every worker listens and the whole demo catalogue is published (the server serves before that).
      if ((output.match(/is listening on/g) ?? []).length >= workers && output.includes(DEMO_CATALOGUE_READY)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API exited with code ${code}:\n${output}`));
    });
  });
  child.removeAllListeners('exit');
  return child;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function load(options: autocannon.Options) {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function signUp(base: string, index: number): Promise<Session> {
  const guestId = `scale${index}${randomBytes(6).toString('hex')}`.slice(0, 20);
  const response = await fetch(`${base}/api/user/signup/`, {
    method: 'POST',
    headers: { authorization: 'Token cliffhanger-web', 'content-type': 'application/json' },
    body: JSON.stringify({ id: guestId, age: 30, gender: 2, web: true, email: `${guestId}@guest.cliffhanger.app` }),
  });
  if (response.status !== 200) throw new Error(`guest signup failed: ${response.status} ${await response.text()}`);
  const session = (await response.json()) as { access: string; user: { id: number } };
  return { id: session.user.id, token: session.access };
}

async function paidEpisodes(database: DatabaseHandle): Promise<number[]> {
  return insertPaidSeries(database.db, {
    title: 'Scale bench series',
    slug: `scale-bench-${randomBytes(4).toString('hex')}`,
    count: EPISODES,
    coinCost: COST,
    batch: 500,
  });
}

async function main() {
  const admin = await probePostgres();
  if (!admin) throw new Error('PostgreSQL is not reachable at 127.0.0.1:5432: the scale bench needs it');
  if (!(await redisReachable())) throw new Error(`Redis is not reachable at ${REDIS_URL}: the scale bench needs it`);
  const databaseUrl = await recreateDatabase(admin);
  const loadBefore = loadavg();
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: `cliffhanger-scale-bench:${randomBytes(4).toString('hex')}:`,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SERVE_FRONTENDS: 'false',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    RATE_LIMIT_PER_MINUTE: '100000000',
    USER_RATE_LIMIT_PER_MINUTE: '100000000',
    GUEST_SIGNUP_RATE_LIMIT_PER_MINUTE: '100000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
  };
  const database = await createDatabase({ kind: 'postgres', connectionString: databaseUrl });
  const ctx = { db: database.db, dbKind: 'postgres' } as unknown as AppContext;
  const rows: Row[] = [];
  const users: Session[] = [];
  let unlockers: Session[] = [];
  let episodes: number[] = [];
  let charged = 0;

  try {
    for (const caches of ['on', 'off'] as const) {
      for (const workers of [1, 2]) {
        const port = await freePort();
        const base = `http://127.0.0.1:${port}`;
        const cacheEnv: Record<string, string> =
          caches === 'on' ? {} : { PUBLIC_VIEW_CACHE_SECONDS: '0', CATALOGUE_CACHE_SECONDS: '0' };
        process.stdout.write(`${workers} worker(s), caches ${caches}: starting… `);
        const api = await launch(port, workers, { ...env, ...cacheEnv });
        try {
          if (users.length === 0) {
            // First start: the server has migrated and seeded the demo catalogue.
            episodes = await paidEpisodes(database);
            for (let i = 0; i < USERS; i += 1) users.push(await signUp(base, i));
            unlockers = users.slice(0, UNLOCK_CLIENTS);
            const at = new Date().toISOString();
            for (const client of unlockers) {
              await moneyTransaction(ctx, (trx) =>
                applyEntry(trx, {
                  userId: client.id,
                  delta: START_COINS,
                  reason: 'staff_grant',
                  reference: 'scale-bench',
                  createdAt: at,
                }),
              );
            }
            // Fresh planner statistics after the bulk inserts, so the first runs are not measured on stale ones.
            await sql`analyze`.execute(database.db);
          }
          process.stdout.write('list… ');
          const list = await load({ url: `${base}/api/series/?limit=20&ordering=-created_at` });
          rows.push({ workers, caches, route: 'GET /api/series/ (limit 20)', ...list, note: '' });

          process.stdout.write('poll… ');
          let next = 0;
          const poll = await load({
            url: base,
            requests: [
              {
                method: 'POST',
                path: '/feed-api/user/public-view/',
                setupRequest: (request) => {
                  const user = users[next++ % users.length] as Session;
                  return {
                    ...request,
                    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
                    body: JSON.stringify({ id: user.id }),
                  };
                },
              },
            ],
          });
          rows.push({
            workers,
            caches,
            route: 'POST /feed-api/user/public-view/',
            ...poll,
            note: `${users.length} users in turn`,
          });

          process.stdout.write('unlocks…\n');
          let chargedHere = 0;
          const unlocks = await load({
            url: base,
            connections: UNLOCK_CLIENTS,
            requests: [
              {
                method: 'POST',
                setupRequest: (request) => {
                  const client = unlockers[Math.floor(Math.random() * unlockers.length)] as Session;
                  const episode = episodes[Math.floor(Math.random() * episodes.length)] as number;
                  return {
                    ...request,
                    path: `/api/episodes/${episode}/unlock/`,
                    headers: { authorization: `Bearer ${client.token}` },
                  };
                },
                onResponse: (status, body) => {
                  if (status === 200 && body.includes('"via":"coins"')) chargedHere += 1;
                },
              },
            ],
          });
          charged += chargedHere;
          rows.push({
            workers,
            caches,
            route: 'POST /api/episodes/{id}/unlock/',
            ...unlocks,
            note: `${Math.round(chargedHere / SECONDS)} charged unlocks/s`,
          });
        } finally {
          await stop(api);
        }
      }
    }

    const { doubleCharges, balanceMismatches } = await ledgerProblems(
      database.db,
      unlockers.map((client) => client.id),
    );
    const unlockRows = await database.db
      .selectFrom('episode_unlocks')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();

    const loadAfter = loadavg();
    console.log(
      `\nScale bench: PostgreSQL + Redis, ${CONNECTIONS} connections (${UNLOCK_CLIENTS} for unlocks), ${SECONDS} s each.`,
    );
    console.log(
      `Load average before ${loadBefore.map((v) => v.toFixed(2)).join(' ')}, after ${loadAfter.map((v) => v.toFixed(2)).join(' ')} (2 cores, load generator on the same machine).\n`,
    );
    console.log(
      `${'workers'.padEnd(8)}${'caches'.padEnd(8)}${'route'.padEnd(36)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'errors'.padStart(8)}  note`,
    );
    for (const row of rows) {
      console.log(
        `${String(row.workers).padEnd(8)}${row.caches.padEnd(8)}${row.route.padEnd(36)}${String(row.rps).padStart(8)}${String(row.p50).padStart(8)}${String(row.p99).padStart(8)}${String(row.errors).padStart(8)}  ${row.note}`,
      );
    }
    console.log(
      `\nUnlocks: ${charged} charged answers counted, ${Number(unlockRows.count)} unlock rows, ${doubleCharges} episodes charged twice, ${balanceMismatches} balances ≠ ledger.`,
    );
    if (doubleCharges > 0 || balanceMismatches > 0) process.exitCode = 1;
  } finally {
    await database.db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
