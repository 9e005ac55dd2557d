/**
 * A crowd behind few addresses: 2,000 simulated viewers spread over 20 source addresses (loopback
 * aliases 127.0.0.101…, picked with `localAddress`), each a new visitor that gets a guest session,
 * collects its free coins (follow prompt, daily bonus, six shares), polls the public view every 2 s
 * after the last answer, and browses (home lists, a series page) and unlocks an episode every 10–20 s,
 * for `--seconds` (180 by default). The API is started as `npm start` starts it (its own process,
 * the shipped rate limits and free-coin bounds, Node's flags), without the frontends and the demo
 * catalogue: a catalogue of paid series is written first. On SQLite and on PostgreSQL (a fresh
 * database), one after the other.
 *
 * Prints per database: visitors refused for their address (any 429: must be 0), 5xx answers (must be
 * 0), p50/p99 per request class, and the coins-vs-ledger check (balances that differ from their
 * ledger, episodes charged twice: both must be 0). Exits 1 when a must is broken.
 *
 *   npm run bench:crowd -w bench -- [--seconds 180] [--viewers 2000] [--addresses 20] [--db sqlite|postgres|both]
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '../../api/src/db/database';
import { API_NODE_FLAGS } from '../../api/src/node-flags';
import { freePort, ROOT, waitForHttp } from '../../e2e/support/system';
import { insertPaidSeries, ledgerProblems, probePostgres } from '../support/bench-app';
import { loadAverage } from '../support/stats';

function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  const inline = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  if (inline) return inline.slice(name.length + 3);
  return at >= 0 && process.argv[at + 1] !== undefined ? (process.argv[at + 1] as string) : fallback;
}

const SECONDS = Number(flag('seconds', '180'));
const VIEWERS = Number(flag('viewers', '2000'));
const ADDRESSES = Number(flag('addresses', '20'));
const DATABASES = flag('db', 'both');
/** New visitors arrive over the first minute (or third of a short run). */
const ARRIVAL_MS = Math.min(60, SECONDS / 3) * 1000;
const POLL_MS = 2_000;
const SERIES = 5;
const EPISODES_PER_SERIES = 40;
const COIN_COST = 10;
const REQUEST_TIMEOUT_MS = 60_000;
const tsx = require.resolve('tsx/cli', { paths: [ROOT] });

const CLASSES = ['guest signup', 'home lists', 'series page', 'public-view poll', 'rewards', 'unlock'] as const;
type RequestClass = (typeof CLASSES)[number];

interface Answer {
  status: number;
  body: string;
}

interface Tally {
  latencies: Record<RequestClass, number[]>;
  statuses: Map<number, number>;
  serverErrors: number;
  /** Requests that got no answer after the client's retries, by error code (reset connections, time-outs). */
  networkErrors: Map<string, number>;
  /** Sends again after no answer (the client's retries). */
  retried: number;
  /** Viewers that got a 429 (refused for their address or their own rate). */
  refused: Set<number>;
  refusals: string[];
  charged: number;
  outOfCoins: number;
  freeCoins: number;
}

interface Viewer {
  index: number;
  agent: Agent;
  access: string | null;
  userId: number | null;
}

function countError(tally: Tally, error: Error & { code?: string }) {
  const code = error.code ?? error.message;
  tally.networkErrors.set(code, (tally.networkErrors.get(code) ?? 0) + 1);
}

/**
 * As the site's client sends (product.md#requests): a request that got no answer (a reset or refused
 * connection, a time-out) is sent again up to 3 times, 1 s × the attempt later; only then it counts.
 */
async function send(
  port: number,
  viewer: Viewer,
  tally: Tally,
  kind: RequestClass,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer | null> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await sendOnce(port, viewer, tally, kind, method, url, body, headers, attempt === 4);
    if (answer !== null || attempt === 4) return answer;
    tally.retried += 1;
    await sleep(1_000 * attempt);
  }
}

function sendOnce(
  port: number,
  viewer: Viewer,
  tally: Tally,
  kind: RequestClass,
  method: 'GET' | 'POST',
  url: string,
  body: unknown,
  headers: Record<string, string>,
  last: boolean,
): Promise<Answer | null> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const all: Record<string, string> = { ...headers };
  if (viewer.access) all.authorization = `Bearer ${viewer.access}`;
  if (payload !== undefined) all['content-type'] = 'application/json';
  const started = performance.now();
  return new Promise((resolve) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, method, path: url, agent: viewer.agent, headers: all, timeout: REQUEST_TIMEOUT_MS },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const status = incoming.statusCode ?? 0;
          tally.latencies[kind].push(performance.now() - started);
          tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
          const text = Buffer.concat(chunks).toString('utf8');
          if (status >= 500) tally.serverErrors += 1;
          if (status === 429) {
            tally.refused.add(viewer.index);
            if (tally.refusals.length < 5) tally.refusals.push(`${kind} ${url}: ${text.slice(0, 160)}`);
          }
          resolve({ status, body: text });
        });
        incoming.on('error', (error) => {
          if (last) countError(tally, error);
          resolve(null);
        });
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(Object.assign(new Error('timed out'), { code: 'TIMEOUT' })));
    outgoing.on('error', (error) => {
      if (last) countError(tally, error);
      resolve(null);
    });
    outgoing.end(payload);
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/** One visitor from start to the deadline, as the site's pages drive the API. */
async function visit(
  port: number,
  viewer: Viewer,
  tally: Tally,
  deadline: number,
  episodes: number[],
  seriesIds: number[],
) {
  await sleep(Math.random() * ARRIVAL_MS);
  const guestId = `crowd${viewer.index}${randomBytes(8).toString('hex')}`.slice(0, 20);
  const signup = await send(
    port,
    viewer,
    tally,
    'guest signup',
    'POST',
    '/api/user/signup/',
    { id: guestId, age: 30, gender: 2, web: true, email: `${guestId}@guest.cliffhanger.app` },
    { authorization: 'Token cliffhanger-web' },
  );
  if (signup?.status !== 200) return;
  const session = JSON.parse(signup.body) as { access: string; user: { id: number } };
  viewer.access = session.access;
  viewer.userId = session.user.id;

  const poll = async () => {
    while (Date.now() < deadline) {
      await send(port, viewer, tally, 'public-view poll', 'POST', '/feed-api/user/public-view/', {
        id: session.user.id,
      });
      await sleep(POLL_MS);
    }
  };
  const browse = async () => {
    await send(port, viewer, tally, 'rewards', 'GET', '/api/rewards/');
    const claims: Array<[string, unknown]> = [
      ['/api/rewards/follow/', undefined],
      ['/api/rewards/daily/claim/', undefined],
      ...['telegram', 'whatsapp', 'email', 'sms', 'native', 'copy_link'].map(
        (channel) => ['/api/rewards/share/', { channel }] as [string, unknown],
      ),
    ];
    for (const [url, body] of claims) {
      const answer = await send(port, viewer, tally, 'rewards', 'POST', url, body);
      if (answer?.status === 200) tally.freeCoins += (JSON.parse(answer.body) as { coins: number }).coins;
    }
    while (Date.now() < deadline) {
      await Promise.all([
        send(port, viewer, tally, 'home lists', 'GET', '/api/series/?limit=20&ordering=-created_at'),
        send(port, viewer, tally, 'home lists', 'GET', '/api/series/?limit=10&is_featured=true'),
        send(port, viewer, tally, 'home lists', 'GET', '/api/categories/'),
      ]);
      const series = pick(seriesIds);
      await Promise.all([
        send(port, viewer, tally, 'series page', 'GET', `/api/series/${series}/`),
        send(port, viewer, tally, 'series page', 'GET', `/api/series/${series}/episodes/`),
      ]);
      const unlock = await send(port, viewer, tally, 'unlock', 'POST', `/api/episodes/${pick(episodes)}/unlock/`);
      if (unlock?.status === 200 && (JSON.parse(unlock.body) as { via?: string }).via === 'coins') tally.charged += 1;
      if (unlock?.status === 402) tally.outOfCoins += 1;
      await sleep(10_000 + Math.random() * 10_000);
    }
  };
  await Promise.all([poll(), browse()]);
}

interface Prepared {
  env: Record<string, string | undefined>;
  database: Parameters<typeof createDatabase>[0];
  cleanup(): Promise<void>;
}

async function prepare(kind: 'sqlite' | 'postgres', dir: string): Promise<Prepared> {
  if (kind === 'sqlite') {
    const file = path.join(dir, 'crowd.db');
    return {
      env: { SQLITE_PATH: file, DATABASE_URL: undefined },
      database: { kind: 'sqlite', path: file },
      cleanup: async () => undefined,
    };
  }
  const admin = await probePostgres();
  if (!admin) throw new Error('PostgreSQL is not reachable at 127.0.0.1:5432');
  const name = `cliffhanger_crowd_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = admin.replace(/\/test$/, `/${name}`);
  return {
    env: { DATABASE_URL: url },
    database: { kind: 'postgres', connectionString: url },
    cleanup: async () => {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** The API as `npm start` runs it: its own process, Node's flags, the shipped limits (none overridden). */
function launch(port: number, dir: string, env: Record<string, string | undefined>): ChildProcess {
  const merged: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(merged)) {
    if (/RATE_LIMIT|FREE_COINS|^SQLITE_PATH$|^DATABASE_URL$|^REDIS_URL$/.test(name)) delete merged[name];
  }
  const settings: Record<string, string | undefined> = {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    VAR_DIR: dir,
    MEDIA_ROOT: path.join(dir, 'media'),
    SERVE_FRONTENDS: 'false',
    SEED_DEMO: 'false',
    ENV_FILE: undefined,
  };
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined) delete merged[name];
    else merged[name] = value;
  }
  return spawn(process.execPath, [tsx, ...API_NODE_FLAGS, 'api/src/server.ts'], {
    cwd: ROOT,
    env: merged,
    stdio: 'ignore',
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};

async function run(kind: 'sqlite' | 'postgres'): Promise<boolean> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cliffhanger-crowd-'));
  const prepared = await prepare(kind, dir);
  const port = await freePort();
  const server = launch(port, dir, prepared.env);
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
  try {
    // The server migrates the new database first; the catalogue is written once it answers.
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, 300_000, server);
    database = await createDatabase(prepared.database);
    const seriesIds: number[] = [];
    const episodes: number[] = [];
    for (let s = 0; s < SERIES; s += 1) {
      const ids = await insertPaidSeries(database.db, {
        title: `Crowd series ${s + 1}`,
        slug: `crowd-${s + 1}`,
        count: EPISODES_PER_SERIES,
        coinCost: COIN_COST,
      });
      episodes.push(...ids);
      const row = await database.db
        .selectFrom('episodes')
        .select('series_id')
        .where('id', '=', ids[0] as number)
        .executeTakeFirstOrThrow();
      seriesIds.push(row.series_id);
    }
    const tally: Tally = {
      latencies: Object.fromEntries(CLASSES.map((name) => [name, [] as number[]])) as Tally['latencies'],
      statuses: new Map(),
      serverErrors: 0,
      networkErrors: new Map(),
      retried: 0,
      refused: new Set(),
      refusals: [],
      charged: 0,
      outOfCoins: 0,
      freeCoins: 0,
    };
    const viewers: Viewer[] = Array.from({ length: VIEWERS }, (_, index) => ({
      index,
      // Two connections per visitor at most (a page's poll beside its other requests), kept alive.
      agent: new Agent({ keepAlive: true, maxSockets: 2, localAddress: `127.0.0.${101 + (index % ADDRESSES)}` }),
      access: null,
      userId: null,
    }));
    const started = Date.now();
    const deadline = started + SECONDS * 1000;
    const ticker = setInterval(() => {
      const sent = [...tally.statuses.values()].reduce((a, b) => a + b, 0);
      process.stdout.write(`  ${kind}: ${Math.round((Date.now() - started) / 1000)} s, ${sent} answers\n`);
    }, 30_000);
    await Promise.all(viewers.map((viewer) => visit(port, viewer, tally, deadline, episodes, seriesIds)));
    clearInterval(ticker);
    for (const viewer of viewers) viewer.agent.destroy();

    const ids = viewers.flatMap((viewer) => (viewer.userId === null ? [] : [viewer.userId]));
    const { doubleCharges, balanceMismatches } = await ledgerProblems(database.db, ids);
    const answers = [...tally.statuses.values()].reduce((a, b) => a + b, 0);
    const elapsed = (Date.now() - started) / 1000;
    console.log(
      `\n${kind}: ${VIEWERS} viewers over ${ADDRESSES} addresses, ${SECONDS} s (${elapsed.toFixed(0)} s with the last answers)`,
    );
    console.log(`  viewers with a session: ${ids.length} of ${VIEWERS}`);
    console.log(`  visitors refused for their address (429): ${tally.refused.size}  (must be 0)`);
    for (const refusal of tally.refusals) console.log(`    e.g. ${refusal}`);
    const unanswered = [...tally.networkErrors].map(([code, n]) => `${code}×${n}`).join(', ') || 'none';
    console.log(
      `  5xx answers: ${tally.serverErrors}  (must be 0); requests without an answer after the client's retries: ${unanswered} (${tally.retried} retries)`,
    );
    console.log(
      `  answers: ${answers} (${(answers / elapsed).toFixed(0)}/s); by status: ${[...tally.statuses]
        .sort()
        .map(([s, n]) => `${s}×${n}`)
        .join(', ')}`,
    );
    console.log(
      `  free coins given: ${tally.freeCoins}; episodes charged: ${tally.charged}; unlocks refused for want of coins: ${tally.outOfCoins}`,
    );
    console.log('  request class           count      p50 ms    p99 ms');
    for (const name of CLASSES) {
      const values = tally.latencies[name];
      console.log(
        `  ${name.padEnd(22)} ${String(values.length).padStart(7)} ${percentile(values, 0.5).toFixed(1).padStart(11)} ${percentile(values, 0.99).toFixed(1).padStart(9)}`,
      );
    }
    console.log(
      `  coins vs ledger: ${balanceMismatches} balances differ from their ledger, ${doubleCharges} double charges  (both must be 0)`,
    );
    console.log(`  ${loadAverage()}`);
    return (
      tally.refused.size === 0 &&
      tally.serverErrors === 0 &&
      balanceMismatches === 0 &&
      doubleCharges === 0 &&
      ids.length === VIEWERS
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done).once('error', done));
    await database?.db.destroy();
    await prepared.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const kinds = DATABASES === 'both' ? (['sqlite', 'postgres'] as const) : [DATABASES as 'sqlite' | 'postgres'];
  let ok = true;
  for (const kind of kinds) ok = (await run(kind)) && ok;
  process.exit(ok ? 0 : 1);
}

void main();
