/**
 * One crash-safety run, shared by api/test/crash/crash-safety.test.ts (CI) and bench/crash/crash-bench.ts
 * (longer runs with figures). Viewers buy coins through the dev checkout, unlock episodes and claim
 * rewards while a staff member grants and deducts coins, all at once over real HTTP; meanwhile the
 * API process is killed with SIGKILL at random moments and started again on the same database. A
 * client whose request got no answer sends it again, unchanged (same idempotency key, same session),
 * until it gets one. Afterwards the database is checked with the server down:
 *
 * - integrity: SQLite's `PRAGMA integrity_check` and `foreign_key_check`;
 * - every balance equals the sum of its ledger, and each row's balance_after continues the previous;
 * - every acknowledged operation is in the ledger exactly once, with the amount the answer promised,
 *   and an operation refused with a 4xx left nothing;
 * - every ledger row is explained by exactly one unlock, reward claim, paid checkout or audited grant,
 *   and nothing references an operation no client sent;
 * - sending every acknowledged operation once more changes no balance and adds no row.
 *
 * Randomness (operation mix, kill moments) comes from one printed seed; the interleaving of concurrent
 * requests cannot be replayed exactly, but the mix and the kill schedule can.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { freePort } from '../../../e2e/support/system';
import type { AppConfig } from '../../src/config';
import { createDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import type { Database } from '../../src/db/schema';
import { insertSeries } from '../../src/domains/catalogue/catalogue.repository';
import { dropSchema } from '../support/databases';
import { PUBLISHED_LONG_AGO, seriesRow } from '../support/fixtures';
import type { CrashServerConfig } from './crash-server';

const API_ROOT = resolve(__dirname, '../..');

export interface CrashRunOptions {
  kind: 'sqlite' | 'postgres';
  /** Required for PostgreSQL: the run gets a fresh schema in this database, dropped afterwards. */
  postgresUrl?: string | null;
  kills: number;
  seed: number;
  viewers?: number;
  /** How long the server runs under load before each kill: uniform in [0, maxUpMs]. */
  maxUpMs?: number;
  log?: (line: string) => void;
}

export interface CrashRunReport {
  kind: 'sqlite' | 'postgres';
  seed: number;
  kills: number;
  /** Operations that got an answer (2xx or 4xx), and how many of them were refused with a 4xx. */
  acknowledged: number;
  refused: number;
  /** Requests sent again because the first try got no answer (or a 503). */
  retries: number;
  requests: number;
  ledgerRows: number;
  restartMs: { mean: number; max: number };
  seconds: number;
  integrity: string;
  /** Every broken rule, one line each; empty when the run is clean. */
  problems: string[];
}

// --- Seeded randomness ----------------------------------------------------------------------------

export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

// --- The server process ---------------------------------------------------------------------------

class ServerProcess {
  #child: ChildProcess | null = null;
  #output = '';
  #up: Promise<void> = Promise.resolve();
  #markUp: () => void = () => undefined;
  readonly startTimes: number[] = [];

  constructor(private readonly config: CrashServerConfig) {}

  get baseUrl() {
    return `http://127.0.0.1:${this.config.port}`;
  }

  /** Resolves once a server is answering (at once when one is). */
  whenUp(): Promise<void> {
    return this.#up;
  }

  async start(): Promise<void> {
    const started = Date.now();
    this.#output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'crash-server.ts')], {
      cwd: API_ROOT,
      env: { ...process.env, NODE_ENV: 'test', CRASH_SERVER_CONFIG: JSON.stringify(this.config) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.#child = child;
    await new Promise<void>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`the server did not start in 180 s\n${this.#output}`)), 180_000);
      child.stdout?.on('data', (chunk: Buffer) => {
        this.#output += chunk.toString();
        if (this.#output.includes('listening on')) {
          clearTimeout(timer);
          done();
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        this.#output += chunk.toString();
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        fail(new Error(`the server exited (${code ?? signal}) while starting\n${this.#output.slice(-4000)}`));
      });
    });
    this.startTimes.push(Date.now() - started);
    this.#markUp();
  }

  /** SIGKILL: no shutdown hook, no flush, no graceful close of the database. */
  async kill(): Promise<void> {
    const child = this.#child;
    this.#up = new Promise((done) => {
      this.#markUp = done;
    });
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
  }
}

// --- HTTP clients ---------------------------------------------------------------------------------

interface Answer {
  status: number;
  body: Record<string, unknown>;
  location: string | null;
}

interface Counters {
  requests: number;
  retries: number;
  serverErrors: string[];
}

class Client {
  constructor(
    private readonly server: ServerProcess,
    private readonly counters: Counters,
    readonly token: string,
  ) {}

  /** One try: the answer, or null when the connection failed or closed without one. */
  async try(method: string, path: string, body?: unknown): Promise<Answer | null> {
    this.counters.requests += 1;
    try {
      const response = await fetch(`${this.server.baseUrl}${path}`, {
        method,
        redirect: 'manual',
        headers: {
          authorization: `Bearer ${this.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(120_000),
      });
      const text = await response.text();
      let parsed: Record<string, unknown> = {};
      try {
        parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        parsed = { text };
      }
      return { status: response.status, body: parsed, location: response.headers.get('location') };
    } catch {
      return null;
    }
  }

  /** Sends the same request until it is answered with anything but a 5xx. */
  async send(method: string, path: string, body?: unknown): Promise<Answer> {
    for (;;) {
      const answer = await this.try(method, path, body);
      if (answer && answer.status < 500) return answer;
      if (answer && answer.status !== 503) {
        this.counters.serverErrors.push(`${method} ${path} → ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      this.counters.retries += 1;
      await sleep(25);
      await this.server.whenUp();
    }
  }
}

async function register(baseUrl: string, email: string): Promise<{ id: number; access: string }> {
  const response = await fetch(`${baseUrl}/api/auth/register/`, {
    method: 'POST',
    headers: { authorization: 'Token cliffhanger-web', 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'crash-test-password' }),
  });
  if (response.status !== 201) throw new Error(`registering ${email}: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { access: string; user: { id: number } };
  return { id: body.user.id, access: body.access };
}

// --- What the clients were told -------------------------------------------------------------------

/** One ledger row a client knows about: (user, reason, reference). */
const keyOf = (userId: number, reason: string, reference: string) => `${userId}|${reason}|${reference}`;

interface Expectation {
  /** 'one': an answer said it happened (now or before); 'none': a 4xx said nothing changed. */
  outcome: 'one' | 'none';
  delta: number | null;
  what: string;
}

class Ledgerbook {
  readonly expectations = new Map<string, Expectation[]>();
  /** Every grant reference a client ever sent, answered or not. */
  readonly sentGrantReferences = new Set<string>();
  /** Requests to send once more after the run; their answers must change nothing. */
  readonly replays: Array<{ client: Client; method: string; path: string; body?: unknown }> = [];
  acknowledged = 0;
  refused = 0;

  expect(userId: number, reason: string, reference: string, expectation: Expectation) {
    const key = keyOf(userId, reason, reference);
    this.expectations.set(key, [...(this.expectations.get(key) ?? []), expectation]);
  }
}

interface World {
  server: ServerProcess;
  counters: Counters;
  book: Ledgerbook;
  staff: { id: number; client: Client };
  viewers: Array<{ id: number; client: Client }>;
  episodes: Array<{ id: number; cost: number }>;
  packages: Array<{ id: number; coins: number }>;
  stopping: () => boolean;
}

const utcDay = () => new Date().toISOString().slice(0, 10);
const SHARE_CHANNELS = ['telegram', 'whatsapp', 'email', 'sms', 'native', 'copy_link'];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

async function grantOnce(world: World, viewerIndex: number, amount: number, route: 'admin' | 'coins') {
  const { book, staff } = world;
  const viewer = world.viewers[viewerIndex] as World['viewers'][number];
  const key = `crash-${randomBytes(8).toString('hex')}`;
  const reference = `staff:${staff.id}:${key}`;
  book.sentGrantReferences.add(reference);
  const viaAdmin = route === 'admin';
  const path = viaAdmin ? `/api/admin/users/${viewer.id}/coins/` : '/api/coins/grant/';
  const body = viaAdmin
    ? { amount, reason: 'Crash-safety run', idempotency_key: key }
    : { user_id: viewer.id, amount, reason: 'Crash-safety run', idempotency_key: key };
  const answer = await staff.client.send('POST', path, body);
  book.acknowledged += 1;
  const what = `${viaAdmin ? 'admin adjustment' : 'grant'} of ${amount} to user ${viewer.id} (${key})`;
  if (answer.status === 200) {
    book.expect(viewer.id, 'staff_grant', reference, { outcome: 'one', delta: amount, what });
    book.replays.push({ client: staff.client, method: 'POST', path, body });
  } else if (answer.status === 409 && amount < 0) {
    book.refused += 1;
    book.expect(viewer.id, 'staff_grant', reference, { outcome: 'none', delta: null, what });
  } else {
    world.counters.serverErrors.push(`${what}: unexpected ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}

async function staffLoop(world: World, random: () => number) {
  while (!world.stopping()) {
    const viewerIndex = Math.floor(random() * world.viewers.length);
    const roll = random();
    // Mostly gifts; some deductions, of which the large ones are refused (never below zero).
    const amount = roll < 0.7 ? 20 + Math.floor(random() * 80) : -(5 + Math.floor(random() * (roll < 0.9 ? 40 : 5000)));
    await grantOnce(world, viewerIndex, amount, random() < 0.3 ? 'admin' : 'coins');
  }
}

async function viewerLoop(world: World, random: () => number, viewerIndex: number) {
  const { book, counters } = world;
  const viewer = world.viewers[viewerIndex] as World['viewers'][number];
  const { client } = viewer;
  while (!world.stopping()) {
    const roll = random();
    if (roll < 0.55) {
      // Unlock: two loops of one viewer sometimes pick the same episode at the same time.
      const episode = pick(random, world.episodes);
      const path = `/api/episodes/${episode.id}/unlock/`;
      const answer = await client.send('POST', path);
      book.acknowledged += 1;
      const what = `unlock of episode ${episode.id} by user ${viewer.id}`;
      if (answer.status === 200) {
        book.expect(viewer.id, 'unlock', `episode:${episode.id}`, { outcome: 'one', delta: -episode.cost, what });
        book.replays.push({ client, method: 'POST', path });
      } else if (answer.status === 402) {
        book.refused += 1;
        book.expect(viewer.id, 'unlock', `episode:${episode.id}`, { outcome: 'none', delta: null, what });
      } else counters.serverErrors.push(`${what}: unexpected ${answer.status} ${JSON.stringify(answer.body)}`);
    } else if (roll < 0.8) {
      // A coin purchase: start the checkout, then pay on the dev checkout page. A start that got no
      // answer is sent again and may leave an unpaid session behind, which must credit nothing.
      const pkg = pick(random, world.packages);
      const started = await client.send('POST', '/api/coins/purchase/', { package_id: pkg.id });
      if (started.status !== 200) {
        counters.serverErrors.push(`purchase start: unexpected ${started.status} ${JSON.stringify(started.body)}`);
        continue;
      }
      const session = String(started.body.session_id);
      const payPath = `/api/dev-checkout/${encodeURIComponent(session)}/pay`;
      const paid = await client.send('POST', payPath, {});
      book.acknowledged += 1;
      const what = `purchase of package ${pkg.id} by user ${viewer.id} (${session})`;
      if (paid.status === 303 && paid.location?.includes('checkout=success')) {
        book.expect(viewer.id, 'purchase', `checkout:${session}`, { outcome: 'one', delta: pkg.coins, what });
        book.replays.push({ client, method: 'POST', path: payPath, body: {} });
      } else counters.serverErrors.push(`${what}: unexpected ${paid.status} → ${paid.location}`);
    } else {
      const day = utcDay();
      const kind = random();
      let answer: Answer;
      let reason: string;
      let reference: string;
      let path: string;
      let body: unknown;
      if (kind < 0.3) {
        path = '/api/rewards/daily/claim/';
        reason = 'daily_bonus';
        reference = `daily:${day}`;
        answer = await client.send('POST', path);
      } else if (kind < 0.85) {
        const channel = pick(random, SHARE_CHANNELS);
        path = '/api/rewards/share/';
        body = { channel };
        reason = 'share';
        reference = `share:${channel}:${day}`;
        answer = await client.send('POST', path, body);
      } else {
        path = '/api/rewards/follow/';
        reason = 'follow_prompt';
        reference = 'follow';
        answer = await client.send('POST', path);
      }
      book.acknowledged += 1;
      const what = `${reference} claimed by user ${viewer.id}`;
      // A claim answered "credited" or "already claimed" (409 for the daily bonus, credited: false for
      // the others) exists exactly once either way; only the day must not have changed meanwhile.
      if (day !== utcDay()) continue;
      if (answer.status === 200 || (answer.status === 409 && reason === 'daily_bonus')) {
        if (answer.status === 409) book.refused += 1;
        book.expect(viewer.id, reason, reference, { outcome: 'one', delta: null, what });
        book.replays.push({ client, method: 'POST', path, body });
      } else counters.serverErrors.push(`${what}: unexpected ${answer.status} ${JSON.stringify(answer.body)}`);
    }
  }
}

// --- The checks -----------------------------------------------------------------------------------

interface Snapshot {
  ledgerRows: number;
  balances: Map<number, number>;
}

async function snapshot(db: Kysely<Database>): Promise<Snapshot> {
  const count = await db
    .selectFrom('coin_ledger')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const users = await db.selectFrom('users').select(['id', 'coin_balance']).execute();
  return { ledgerRows: Number(count.n), balances: new Map(users.map((user) => [user.id, user.coin_balance])) };
}

async function integrityOf(db: Kysely<Database>, kind: 'sqlite' | 'postgres', problems: string[]) {
  if (kind === 'postgres') return 'n/a (PostgreSQL: checked by the rules below)';
  const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  const result = integrity.rows.map((row) => row.integrity_check).join('; ');
  if (result !== 'ok') problems.push(`PRAGMA integrity_check: ${result}`);
  const foreign = await sql<Record<string, unknown>>`pragma foreign_key_check`.execute(db);
  if (foreign.rows.length > 0) problems.push(`PRAGMA foreign_key_check: ${JSON.stringify(foreign.rows.slice(0, 5))}`);
  return result;
}

async function checkDatabase(db: Kysely<Database>, book: Ledgerbook, problems: string[]) {
  const ledger = await db.selectFrom('coin_ledger').selectAll().orderBy('user_id').orderBy('id').execute();
  const users = await db.selectFrom('users').select(['id', 'coin_balance']).execute();

  // Balances and the ledger chain.
  const byUser = new Map<number, typeof ledger>();
  for (const row of ledger) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  for (const user of users) {
    let running = 0;
    for (const row of byUser.get(user.id) ?? []) {
      running += row.delta;
      if (row.balance_after !== running) {
        problems.push(
          `user ${user.id}: ledger row ${row.id} says balance_after ${row.balance_after}, the sum is ${running}`,
        );
        break;
      }
    }
    if (running !== user.coin_balance) {
      problems.push(`user ${user.id}: balance ${user.coin_balance} ≠ ledger sum ${running}`);
    }
    if (user.coin_balance < 0) problems.push(`user ${user.id}: negative balance ${user.coin_balance}`);
  }

  // Each (user, reason, reference) at most once, and as the answers said.
  const rowsByKey = new Map<string, typeof ledger>();
  for (const row of ledger) {
    if (row.reference === null) continue;
    const key = keyOf(row.user_id, row.reason, row.reference);
    rowsByKey.set(key, [...(rowsByKey.get(key) ?? []), row]);
  }
  for (const [key, rows] of rowsByKey) {
    if (rows.length > 1) problems.push(`${key}: ${rows.length} ledger rows for one operation`);
  }
  for (const [key, expectations] of book.expectations) {
    const rows = rowsByKey.get(key) ?? [];
    const acknowledged = expectations.find((expectation) => expectation.outcome === 'one');
    if (acknowledged) {
      if (rows.length !== 1) problems.push(`${acknowledged.what}: acknowledged, but ${rows.length} ledger rows`);
      const delta = rows[0]?.delta;
      if (rows.length === 1 && acknowledged.delta !== null && delta !== acknowledged.delta) {
        problems.push(`${acknowledged.what}: the ledger row says ${delta}, the answer ${acknowledged.delta}`);
      }
    } else if (rows.length !== 0) {
      problems.push(`${expectations[0]?.what}: refused with a 4xx, yet ${rows.length} ledger rows`);
    }
  }

  // Unlocks: one unlock row per charged unlock and the reverse.
  const unlocks = await db.selectFrom('episode_unlocks').select(['user_id', 'episode_id', 'coin_cost']).execute();
  const unlockRows = new Set(unlocks.map((row) => keyOf(row.user_id, 'unlock', `episode:${row.episode_id}`)));
  for (const row of ledger.filter((entry) => entry.reason === 'unlock')) {
    if (!unlockRows.has(keyOf(row.user_id, row.reason, row.reference ?? ''))) {
      problems.push(`ledger row ${row.id} charges an unlock (${row.reference}) that does not exist`);
    }
  }
  for (const row of unlocks) {
    const key = keyOf(row.user_id, 'unlock', `episode:${row.episode_id}`);
    const charged = rowsByKey.get(key)?.[0];
    if (!charged) problems.push(`user ${row.user_id} has episode ${row.episode_id} unlocked without a charge`);
    else if (charged.delta !== -row.coin_cost)
      problems.push(`${key}: charged ${charged.delta}, costs ${row.coin_cost}`);
  }

  // Rewards: one credit per claim with coins, and the reverse.
  const claims = await db.selectFrom('reward_claims').select(['user_id', 'kind', 'claim_key', 'coins']).execute();
  const claimReason = { daily: 'daily_bonus', share: 'share', follow: 'follow_prompt' } as const;
  const claimByKey = new Map(
    claims.map((claim) => [keyOf(claim.user_id, claimReason[claim.kind], claim.claim_key), claim]),
  );
  for (const row of ledger.filter((entry) => ['daily_bonus', 'share', 'follow_prompt'].includes(entry.reason))) {
    const claim = claimByKey.get(keyOf(row.user_id, row.reason, row.reference ?? ''));
    if (!claim) problems.push(`ledger row ${row.id} credits a reward claim (${row.reference}) that does not exist`);
    else if (claim.coins !== row.delta)
      problems.push(`ledger row ${row.id}: ${row.delta} coins, the claim says ${claim.coins}`);
  }
  for (const [key, claim] of claimByKey) {
    if (claim.coins > 0 && !rowsByKey.has(key)) problems.push(`reward claim ${key} was never credited`);
  }

  // Purchases: one credit per paid checkout, and only for paid ones.
  const payments = await db
    .selectFrom('payments')
    .select(['user_id', 'provider_ref', 'status', 'coins', 'kind'])
    .execute();
  const paymentByRef = new Map(payments.map((payment) => [payment.provider_ref, payment]));
  for (const row of ledger.filter((entry) => entry.reason === 'purchase')) {
    const payment = paymentByRef.get((row.reference ?? '').replace(/^checkout:/, ''));
    if (payment?.status !== 'succeeded' || payment.user_id !== row.user_id || payment.coins !== row.delta) {
      problems.push(
        `ledger row ${row.id} credits ${row.reference}, whose payment is ${JSON.stringify(payment ?? null)}`,
      );
    }
  }
  for (const payment of payments) {
    if (payment.kind !== 'coins' || payment.status !== 'succeeded') continue;
    if (!rowsByKey.has(keyOf(payment.user_id, 'purchase', `checkout:${payment.provider_ref}`))) {
      problems.push(`payment ${payment.provider_ref} succeeded but its coins were never credited`);
    }
  }

  // Staff grants: only ones a client sent, each with exactly one audit row.
  const audits = await sql<{ action: string; after_json: string | null }>`
    select action, after_json from audit_log where action in ('user.coins_granted', 'user.coins_deducted')
  `.execute(db);
  const auditsByReference = new Map<string, number>();
  for (const audit of audits.rows) {
    const reference = (JSON.parse(audit.after_json ?? '{}') as { reference?: string }).reference ?? '';
    auditsByReference.set(reference, (auditsByReference.get(reference) ?? 0) + 1);
  }
  for (const row of ledger.filter((entry) => entry.reason === 'staff_grant')) {
    const reference = row.reference ?? '';
    if (!book.sentGrantReferences.has(reference))
      problems.push(`ledger row ${row.id}: a grant nobody sent (${reference})`);
    const audited = auditsByReference.get(reference) ?? 0;
    if (audited !== 1) problems.push(`grant ${reference}: ${audited} audit rows, expected 1`);
    auditsByReference.delete(reference);
  }
  for (const [reference, count] of auditsByReference) {
    if (book.sentGrantReferences.has(reference))
      problems.push(`audit says grant ${reference} happened ${count}×; the ledger has none`);
  }

  const known = new Set([
    'staff_grant',
    'unlock',
    'purchase',
    'daily_bonus',
    'share',
    'follow_prompt',
    'registration_bonus',
  ]);
  for (const row of ledger) {
    if (!known.has(row.reason)) problems.push(`ledger row ${row.id} has an unexpected reason ${row.reason}`);
  }
  return ledger.length;
}

// --- The run --------------------------------------------------------------------------------------

async function seedCatalogue(db: Kysely<Database>): Promise<Array<{ id: number; cost: number }>> {
  const at = new Date().toISOString();
  const seriesId = await insertSeries(db, seriesRow('Crash-safety series', 'crash-safety'));
  const rows = Array.from({ length: 150 }, (_, i) => ({
    series_id: seriesId,
    season_number: 1,
    episode_number: i + 1,
    title: `Episode ${i + 1}`,
    hls_url: `/media/crash/${i + 1}/master.m3u8`,
    is_free: false,
    coin_cost: 5 + (i % 4) * 5,
    position: i,
    ...PUBLISHED_LONG_AGO,
    created_at: at,
    updated_at: at,
  }));
  const inserted = await db.insertInto('episodes').values(rows).returning(['id', 'coin_cost']).execute();
  return inserted.map((row) => ({ id: row.id, cost: row.coin_cost }));
}

export async function runCrashScenario(options: CrashRunOptions): Promise<CrashRunReport> {
  const log = options.log ?? (() => undefined);
  const random = seededRandom(options.seed);
  const viewerCount = options.viewers ?? 4;
  const maxUpMs = options.maxUpMs ?? 900;
  const dir = mkdtempSync(join(tmpdir(), 'cliffhanger-crash-'));
  const schema = `crash_${randomBytes(6).toString('hex')}`;
  let database: AppConfig['database'];
  if (options.kind === 'postgres') {
    if (!options.postgresUrl) throw new Error('PostgreSQL run without a connection string');
    database = { kind: 'postgres', connectionString: options.postgresUrl, schema };
  } else {
    database = { kind: 'sqlite', path: join(dir, 'crash.db') };
  }
  const openDb = async () => {
    const handle = await createDatabase(database);
    return handle.db;
  };

  const began = Date.now();
  const server = new ServerProcess({
    dir,
    port: await freePort(),
    jwtSecret: randomBytes(32).toString('hex'),
    webhookSecret: `whsec_crash_${randomBytes(12).toString('hex')}`,
    database,
  });
  try {
    // The schema and the catalogue exist before the first start; the server migrates nothing new.
    const setupDb = await openDb();
    await migrateToLatest(setupDb, options.kind === 'postgres' ? schema : undefined);
    const episodes = await seedCatalogue(setupDb);
    await setupDb.destroy();

    await server.start();
    const counters: Counters = { requests: 0, retries: 0, serverErrors: [] };
    const tag = randomBytes(4).toString('hex');
    const staffAccount = await register(server.baseUrl, `crash-staff-${tag}@example.com`);
    const viewers = [];
    for (let i = 0; i < viewerCount; i += 1) {
      const account = await register(server.baseUrl, `crash-viewer-${i}-${tag}@example.com`);
      viewers.push({ id: account.id, client: new Client(server, counters, account.access) });
    }
    const flagDb = await openDb();
    await flagDb.updateTable('users').set({ is_staff: true }).where('id', '=', staffAccount.id).execute();
    await flagDb.destroy();
    const packagesAnswer = await fetch(`${server.baseUrl}/api/coins/packages/`);
    const packages = ((await packagesAnswer.json()) as Array<{ id: number; coins: number; bonus_coins: number }>).map(
      (pkg) => ({ id: pkg.id, coins: pkg.coins + pkg.bonus_coins }),
    );

    let stopping = false;
    const book = new Ledgerbook();
    const world: World = {
      server,
      counters,
      book,
      staff: { id: staffAccount.id, client: new Client(server, counters, staffAccount.access) },
      viewers,
      episodes,
      packages,
      stopping: () => stopping,
    };
    // Everybody starts with some coins, then the load begins.
    for (let i = 0; i < viewers.length; i += 1) await grantOnce(world, i, 300, 'coins');
    const loopSeeds = Array.from({ length: viewers.length * 2 + 1 }, () => Math.floor(random() * 2 ** 32));
    const loops = [
      staffLoop(world, seededRandom(loopSeeds[0] as number)),
      ...viewers.flatMap((_, i) => [
        viewerLoop(world, seededRandom(loopSeeds[1 + 2 * i] as number), i),
        viewerLoop(world, seededRandom(loopSeeds[2 + 2 * i] as number), i),
      ]),
    ];

    for (let kill = 1; kill <= options.kills; kill += 1) {
      await sleep(Math.floor(random() * maxUpMs));
      const inFlight = counters.requests;
      await server.kill();
      await server.start();
      log(`kill ${kill}/${options.kills}: ${inFlight} requests so far, restarted in ${server.startTimes.at(-1)} ms`);
    }
    stopping = true;
    await Promise.all(loops);

    // Retries add nothing: every acknowledged operation once more, then compare.
    const checkDb = await openDb();
    const before = await snapshot(checkDb);
    await checkDb.destroy();
    const problems: string[] = [];
    for (const replay of book.replays) {
      const answer = await replay.client.send(replay.method, replay.path, replay.body);
      const said = answer.body;
      const fresh =
        said.applied === true ||
        said.via === 'coins' ||
        (said.credited === true && replay.path !== '/api/rewards/daily/claim/');
      if (fresh || (replay.path === '/api/rewards/daily/claim/' && answer.status !== 409)) {
        problems.push(
          `sending ${replay.method} ${replay.path} again was answered as new: ${answer.status} ${JSON.stringify(said)}`,
        );
      }
    }
    await server.kill();

    const db = await openDb();
    try {
      const after = await snapshot(db);
      if (after.ledgerRows !== before.ledgerRows) {
        problems.push(
          `sending acknowledged operations again added ${after.ledgerRows - before.ledgerRows} ledger rows`,
        );
      }
      for (const [userId, balance] of after.balances) {
        if (before.balances.get(userId) !== balance) {
          problems.push(`user ${userId}: balance ${before.balances.get(userId)} became ${balance} on retries`);
        }
      }
      const integrity = await integrityOf(db, options.kind, problems);
      const ledgerRows = await checkDatabase(db, book, problems);
      problems.push(...counters.serverErrors);
      const starts = server.startTimes.slice(1);
      return {
        kind: options.kind,
        seed: options.seed,
        kills: options.kills,
        acknowledged: book.acknowledged,
        refused: book.refused,
        retries: counters.retries,
        requests: counters.requests,
        ledgerRows,
        restartMs: {
          mean: Math.round(starts.reduce((sum, ms) => sum + ms, 0) / Math.max(1, starts.length)),
          max: Math.max(0, ...starts),
        },
        seconds: Math.round((Date.now() - began) / 100) / 10,
        integrity,
        problems,
      };
    } finally {
      await db.destroy();
    }
  } finally {
    await server.kill();
    if (options.kind === 'postgres' && options.postgresUrl) {
      await dropSchema(options.postgresUrl, schema);
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
