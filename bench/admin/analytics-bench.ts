/**
 * "Analytics for 30 days loads in under a second" (issue #8). Seeds 30 days of first-party activity at
 * a realistic volume — BENCH_VIEWERS_PER_DAY viewers a day (2,000 by default), each opening the app,
 * starting a few episodes, finishing some and hitting the paywall now and then, a share of them signed
 * in with watch progress, history and unlocks — then times the staff read endpoints the analytics and
 * dashboard screens call, over real HTTP: the median of 5 runs after one warm-up, on SQLite and (when
 * reachable) PostgreSQL.
 *
 * The events are written straight into analytics_events; the triggers of the rollup migration
 * (20261121300000_analytics_rollups) count them into the per-day rollups the reads use, as they do for
 * uploads, so the seeding time includes that upkeep.
 *
 *   npx tsx bench/admin/analytics-bench.ts       (BENCH_VIEWERS_PER_DAY=2000 BENCH_DAYS=30 by default)
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../api/src/app';
import type { AppContext } from '../../api/src/context';
import { insertSeries } from '../../api/src/domains/catalogue/catalogue.repository';
import { seriesRow } from '../../api/test/support/fixtures';
import { benchConfig, benchDatabase, postgresUrl } from '../support/bench-app';

const VIEWERS_PER_DAY = Number(process.env.BENCH_VIEWERS_PER_DAY ?? 2000);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const RUNS = 5;
const BUDGET_MS = 1000;
/** Distinct devices seen over the period (viewers come back on other days). */
const DEVICES = VIEWERS_PER_DAY * 6;
/** Signed-in viewers (they also leave watch progress, history and unlocks). */
const USERS = 400;
const SIGNED_IN_SHARE = 0.15;
const SERIES = 12;
const EPISODES_PER_SERIES = 30;
const DAY_MS = 86_400_000;

const ENDPOINTS = ['/api/admin/analytics/?days=30', '/api/admin/analytics/?days=7', '/api/admin/dashboard/'];

/** A small deterministic generator, so both databases get the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function insertInBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

async function signUp(base: string, n: number): Promise<{ id: number; access: string }> {
  const guestId = `bench${n}${randomBytes(6).toString('hex')}`;
  const response = await fetch(`${base}/api/user/signup/`, {
    method: 'POST',
    // No idle keep-alive sockets left behind: the server drops them during the long seeding.
    headers: { authorization: 'Token cliffhanger-web', 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ id: guestId, age: 30, gender: 2, web: true, email: `${guestId}@guest.cliffhanger.app` }),
  });
  if (!response.ok) throw new Error(`signup failed: ${response.status} ${await response.text()}`);
  const session = (await response.json()) as { access: string; user: { id: number } };
  return { id: session.user.id, access: session.access };
}

async function seed(ctx: AppContext, base: string) {
  const now = Date.now();
  const at = new Date(now).toISOString();
  const rand = random(8);
  const episodes: Array<{ id: number; seriesId: number; free: boolean }> = [];
  for (let s = 0; s < SERIES; s += 1) {
    const seriesId = await insertSeries(ctx.db, seriesRow(`Bench series ${s + 1}`, `bench-${s + 1}`));
    const rows = Array.from({ length: EPISODES_PER_SERIES }, (_, e) => ({
      series_id: seriesId,
      season_number: 1,
      episode_number: e + 1,
      title: `Episode ${e + 1}`,
      is_free: e < 3,
      coin_cost: e < 3 ? 0 : 5,
      position: e,
      status: 'published' as const,
      published_at: at,
      created_at: at,
      updated_at: at,
    }));
    const ids = await ctx.db.insertInto('episodes').values(rows).returning('id').execute();
    ids.forEach((row, e) => {
      episodes.push({ id: row.id, seriesId, free: e < 3 });
    });
  }

  const users: number[] = [];
  for (let i = 0; i < USERS; i += 10) {
    const made = await Promise.all(Array.from({ length: 10 }, (_, j) => signUp(base, i + j)));
    users.push(...made.map((user) => user.id));
  }
  const staff = await signUp(base, -1);
  await ctx.db.updateTable('users').set({ is_staff: true }).where('id', '=', staff.id).execute();

  // Events: every viewer-day opens the app, starts 1–6 episodes, finishes most, meets the paywall sometimes.
  const events: Array<Record<string, unknown>> = [];
  const progress = new Map<string, Record<string, unknown>>();
  // One history row per (user, episode): the latest watch.
  const history = new Map<string, Record<string, unknown>>();
  const unlocks = new Map<string, Record<string, unknown>>();
  let sequence = 0;
  for (let day = 0; day < DAYS; day += 1) {
    const dayStart = now - (day + 1) * DAY_MS;
    for (let v = 0; v < VIEWERS_PER_DAY; v += 1) {
      const device = `device-${Math.floor(rand() * DEVICES)}`;
      const userId = rand() < SIGNED_IN_SHARE ? (users[Math.floor(rand() * users.length)] as number) : null;
      let time = dayStart + Math.floor(rand() * (DAY_MS - 3_600_000));
      const event = (type: string, properties: Record<string, unknown>) => {
        time += 5_000 + Math.floor(rand() * 120_000);
        sequence += 1;
        events.push({
          user_id: userId,
          client_user_id: userId === null ? null : String(userId),
          device_id: device,
          event_type: type,
          event_time: new Date(time).toISOString(),
          session_id: dayStart + v,
          insert_id: `bench-${sequence}`,
          event_properties: JSON.stringify(properties),
          user_properties: '{}',
          revenue: null,
          price: null,
          quantity: null,
          product_id: null,
          platform: 'Web',
          received_at: new Date(time).toISOString(),
        });
      };
      event('1.1 Home Opened', {});
      const series = Math.floor(rand() * SERIES);
      const starts = 1 + Math.floor(rand() * 6);
      for (let n = 0; n < starts; n += 1) {
        const episode = episodes[
          series * EPISODES_PER_SERIES + Math.min(n, EPISODES_PER_SERIES - 1)
        ] as (typeof episodes)[0];
        if (!episode.free && rand() < 0.5) {
          event('3.5 Paywall Shown', { episode_id: episode.id, series_id: episode.seriesId });
          if (userId === null || rand() < 0.6) break;
          unlocks.set(`${userId}|${episode.id}`, {
            user_id: userId,
            episode_id: episode.id,
            coin_cost: 5,
            created_at: new Date(time).toISOString(),
          });
        }
        event('3.1 Episode Started', { episode_id: episode.id, series_id: episode.seriesId });
        const completed = rand() < 0.7;
        if (completed) event('3.2 Episode Completed', { episode_id: episode.id, series_id: episode.seriesId });
        if (userId !== null) {
          const iso = new Date(time).toISOString();
          const key = `${userId}|${episode.id}`;
          const known = progress.get(key);
          progress.set(key, {
            user_id: userId,
            episode_id: episode.id,
            series_id: episode.seriesId,
            progress: completed ? 100 : 40,
            position_seconds: completed ? 90 : 36,
            completed,
            created_at: known?.created_at ?? iso,
            updated_at: iso,
          });
          if (completed) {
            history.set(key, {
              user_id: userId,
              episode_id: episode.id,
              series_id: episode.seriesId,
              progress: 100,
              watched_at: iso,
            });
          }
        }
      }
    }
  }
  const db = ctx.db;
  await insertInBatches(events, 500, (batch) =>
    db
      .insertInto('analytics_events')
      .values(batch as never)
      .execute(),
  );
  // Progress rows keep their first start as created_at; the bench data only moves forward in time.
  const progressRows = [...progress.values()].map((row) =>
    String(row.created_at) > String(row.updated_at) ? { ...row, created_at: row.updated_at } : row,
  );
  await insertInBatches(progressRows, 500, (batch) =>
    ctx.db
      .insertInto('watch_progress')
      .values(batch as never)
      .execute(),
  );
  await insertInBatches([...history.values()], 500, (batch) =>
    ctx.db
      .insertInto('watch_history')
      .values(batch as never)
      .execute(),
  );
  await insertInBatches([...unlocks.values()], 500, (batch) =>
    ctx.db
      .insertInto('episode_unlocks')
      .values(batch as never)
      .execute(),
  );
  return {
    staffAccess: staff.access,
    counts: { events: events.length, progress: progressRows.length, history: history.size, unlocks: unlocks.size },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function run(kind: 'sqlite' | 'postgres', pgUrl: string | null) {
  const { dir, database, remove } = benchDatabase(kind, pgUrl);
  const app = await buildApp(benchConfig(dir, database));
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const seeding = performance.now();
    const { staffAccess, counts } = await seed(app.ctx, base);
    if (kind === 'postgres') await app.ctx.db.executeQuery({ sql: 'analyze', parameters: [] } as never);
    console.log(
      `${kind}: seeded ${counts.events} events, ${counts.progress} progress rows, ${counts.history} history rows, ` +
        `${counts.unlocks} unlocks in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const results: Array<{ endpoint: string; medianMs: number; runs: number[] }> = [];
    for (const endpoint of ENDPOINTS) {
      const timed: number[] = [];
      for (let i = 0; i <= RUNS; i += 1) {
        const started = performance.now();
        const ask = () => fetch(`${base}${endpoint}`, { headers: { authorization: `Bearer ${staffAccess}` } });
        // The warm-up may meet a keep-alive connection the server closed during the long seeding.
        const response = await ask().catch((error) => (i === 0 ? ask() : Promise.reject(error)));
        await response.arrayBuffer();
        const elapsed = performance.now() - started;
        if (!response.ok) throw new Error(`${endpoint} answered ${response.status}`);
        if (i > 0) timed.push(elapsed); // the first is a warm-up
      }
      results.push({ endpoint, medianMs: median(timed), runs: timed.map((ms) => Math.round(ms)) });
    }
    return results;
  } finally {
    await app.close();
    await remove();
  }
}

async function main() {
  const pgUrl = await postgresUrl();
  const kinds: Array<'sqlite' | 'postgres'> = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];
  if (!pgUrl) console.log('PostgreSQL is not reachable at 127.0.0.1:5432: measuring SQLite only');
  console.log(`${VIEWERS_PER_DAY} viewers a day for ${DAYS} days; median of ${RUNS} runs after a warm-up`);
  let over = false;
  for (const kind of kinds) {
    for (const result of await run(kind, pgUrl)) {
      const verdict = result.medianMs < BUDGET_MS ? 'ok' : 'OVER BUDGET';
      if (result.medianMs >= BUDGET_MS) over = true;
      console.log(
        `${kind.padEnd(8)} ${result.endpoint.padEnd(34)} median ${result.medianMs.toFixed(0).padStart(5)} ms  ` +
          `(runs ${result.runs.join(', ')})  ${verdict}`,
      );
    }
  }
  process.exitCode = over ? 1 : 0;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
