/**
 * The API under fuzzing: a fresh app on a temporary SQLite file or a fresh PostgreSQL schema, the
 * small demo catalogue, and four callers — anonymous, a guest, a registered viewer and a staff
 * member — made the way the other API tests make them. Usable from jest and from plain `tsx` (the
 * bench), so it builds the app itself rather than through test-app.ts, which needs jest's globals.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { seedDemoCatalogue } from '../../../demo/src/seed-demo-catalogue';
import { buildApp } from '../../src/app';
import type { AppConfig } from '../../src/config';
import type { TypedFastify } from '../../src/http/type-provider';
import { type DatabaseKind, dropSchema } from '../support/databases';
import { registerUser, signUpGuest, smallCatalogue } from '../support/fixtures';
import { call } from '../support/http';
import { testConfig } from '../support/test-config';
import { type FuzzTarget, type Role, sender } from './openapi-fuzz';

/** Small enough that the "huge body" cases are refused quickly, large enough for every valid body. */
const BODY_LIMIT_BYTES = 64 * 1024;

export interface FuzzEnvironment extends FuzzTarget {
  app: TypedFastify;
  kind: DatabaseKind;
  openApiDocument(): Promise<unknown>;
  close(): Promise<void>;
}

function fuzzConfig(dir: string, database: AppConfig['database']): AppConfig {
  return testConfig(dir, database, {
    accessTokenTtlSeconds: 24 * 3600,
    refreshTokenTtlSeconds: 24 * 3600,
    bodyLimitBytes: BODY_LIMIT_BYTES,
    // Thousands of requests a minute from one address: the limiter is not what is being fuzzed.
    rateLimit: {
      anonymousPerMinute: 10_000_000,
      userPerMinute: 10_000_000,
      sensitivePerMinute: 10_000_000,
      guestSignupsPerMinute: 10_000_000,
    },
  });
}

/**
 * Counts every row written, per table, with triggers: an insert, update or delete anywhere bumps its
 * table's counter (and a rolled-back write rolls its count back with it). Comparing the counters before
 * and after a refused request proves it wrote nothing, at the cost of one small query — far cheaper than
 * checksumming tables, and stricter, since it also sees a row rewritten with the same values.
 */
async function countWrites(app: TypedFastify, kind: DatabaseKind): Promise<() => Promise<Record<string, number>>> {
  const db = app.ctx.db;
  const listed =
    kind === 'sqlite'
      ? sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`
      : sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_%'`;
  const tables = (await listed.execute(db)).rows.map((row) => row.name).sort();
  await sql`create table fuzz_writes (name varchar(100) primary key, n integer not null)`.execute(db);
  for (const table of tables) await sql`insert into fuzz_writes (name, n) values (${table}, 0)`.execute(db);
  if (kind === 'sqlite') {
    for (const table of tables) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql
          .raw(
            `create trigger "fuzz_${table}_${event}" after ${event} on "${table}" begin update fuzz_writes set n = n + 1 where name = '${table}'; end`,
          )
          .execute(db);
      }
    }
  } else {
    await sql
      .raw(
        `create function fuzz_count_write() returns trigger language plpgsql as $$ begin update fuzz_writes set n = n + 1 where name = TG_TABLE_NAME; return null; end $$`,
      )
      .execute(db);
    for (const table of tables) {
      await sql
        .raw(
          `create trigger "fuzz_${table}" after insert or update or delete on "${table}" for each row execute function fuzz_count_write()`,
        )
        .execute(db);
    }
  }
  return async () => {
    const rows = (await sql<{ name: string; n: number | string }>`select name, n from fuzz_writes`.execute(db)).rows;
    return Object.fromEntries(rows.map((row) => [`writes to ${row.name}`, Number(row.n)]));
  };
}

export async function createFuzzEnvironment(kind: DatabaseKind, postgresUrl: string | null): Promise<FuzzEnvironment> {
  const dir = mkdtempSync(join(tmpdir(), 'cliffhanger-fuzz-'));
  let schema: string | null = null;
  let database: AppConfig['database'];
  if (kind === 'postgres') {
    if (!postgresUrl) throw new Error('PostgreSQL is not reachable');
    schema = `fuzz_${randomBytes(6).toString('hex')}`;
    database = { kind: 'postgres', connectionString: postgresUrl, schema };
  } else {
    database = { kind: 'sqlite', path: join(dir, 'fuzz.db') };
  }
  const app = await buildApp(fuzzConfig(dir, database));
  const ctx = app.ctx;
  await seedDemoCatalogue(ctx, smallCatalogue());

  const tokens: Record<Role, string | null> = { anonymous: null, guest: null, viewer: null, staff: null };
  const ids: Record<Exclude<Role, 'anonymous'>, number> = { guest: 0, viewer: 0, staff: 0 };
  const suffix = () => randomBytes(5).toString('hex');
  const makeGuest = async () => {
    const session = await signUpGuest(app);
    tokens.guest = session.access;
    ids.guest = session.user.id;
  };
  const makeViewer = async () => {
    const session = await registerUser(app, `fuzz-viewer-${suffix()}@example.com`);
    tokens.viewer = session.access;
    ids.viewer = session.user.id;
  };
  const makeStaff = async () => {
    const session = await registerUser(app, `fuzz-staff-${suffix()}@example.com`);
    await ctx.db.updateTable('users').set({ is_staff: true }).where('id', '=', session.user.id).execute();
    tokens.staff = session.access;
    ids.staff = session.user.id;
  };
  await makeGuest();
  await makeViewer();
  await makeStaff();

  const writes = await countWrites(app, kind);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return {
    app,
    kind,
    bodyLimitBytes: BODY_LIMIT_BYTES,
    send: sender(app, () => tokens, agent),
    snapshot: writes,
    async afterSuccessfulWrite() {
      // A successful write may have signed a caller out for good (account disabled, guest merged into
      // an account, staff role taken away); such a caller is replaced by a fresh one.
      const rows = await ctx.db
        .selectFrom('users')
        .select(['id', 'is_active', 'is_guest', 'is_staff', 'is_superuser', 'merged_into_user_id'])
        .where('id', 'in', [ids.guest, ids.viewer, ids.staff])
        .execute();
      const row = (id: number) => rows.find((r) => r.id === id);
      const usable = (id: number) => !!row(id)?.is_active && row(id)?.merged_into_user_id === null;
      const guest = row(ids.guest);
      const viewer = row(ids.viewer);
      const staff = row(ids.staff);
      if (!usable(ids.guest) || !guest?.is_guest || guest.is_staff || guest.is_superuser) await makeGuest();
      if (!usable(ids.viewer) || viewer?.is_guest || viewer?.is_staff || viewer?.is_superuser) await makeViewer();
      if (!usable(ids.staff) || !staff?.is_staff || staff.is_superuser) await makeStaff();
    },
    async openApiDocument() {
      const response = await call(app, { url: '/api/docs/json' });
      if (response.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${response.statusCode}`);
      return response.json();
    },
    async close() {
      agent.destroy();
      await app.close();
      if (schema) {
        await dropSchema(postgresUrl as string, schema);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
