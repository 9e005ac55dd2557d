/**
 * Which databases the suites run against: always a temporary SQLite file, and PostgreSQL when a server
 * answers at 127.0.0.1:5432 (trust auth, database `test`, user `postgres` or `root`). The probe runs
 * synchronously (a child process) because `describe.each` needs its table when the file is loaded.
 * Under CI=true a missing server fails every file that asks for it: CI must not go green on half the runs.
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';

export type DatabaseKind = 'sqlite' | 'postgres';

const PROBE = `
const { Client } = require('pg');
(async () => {
  for (const user of ['postgres', 'root']) {
    const url = 'postgres://' + user + '@127.0.0.1:5432/test';
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 1500 });
    try { await client.connect(); await client.query('select 1'); await client.end(); process.stdout.write(url); return; }
    catch { try { await client.end(); } catch {} }
  }
})();
`;

let probed: string | null | undefined;
/**
 * How long a probe may take: starting Node and loading the client took over 5 s on a loaded 2-core
 * machine, and under CI=true a probe cut short fails the run. An absent server answers at once.
 */
export const PROBE_TIMEOUT_MS = 30_000;

/** Under CI=true, a service the suites need and cannot reach is an error, not a skip. */
export function requiredInCi(service: string, howToStart: string): void {
  if (process.env.CI !== 'true') return;
  throw new Error(
    `CI=true and ${service}: the tests that need it would be skipped, so the run fails instead. ${howToStart}`,
  );
}

/** The PostgreSQL connection string to test against, or null when none is reachable (throws under CI=true). */
export function postgresUrl(): string | null {
  if (probed === undefined) {
    if (process.env.TEST_PG_URL !== undefined) probed = process.env.TEST_PG_URL || null;
    else {
      const result = spawnSync(process.execPath, ['-e', PROBE], {
        cwd: __dirname,
        encoding: 'utf8',
        timeout: PROBE_TIMEOUT_MS,
      });
      probed = result.stdout.trim() || null;
      process.env.TEST_PG_URL = probed ?? '';
    }
  }
  if (!probed)
    requiredInCi(
      'PostgreSQL is unreachable at 127.0.0.1:5432 (users postgres and root, database test; or TEST_PG_URL is empty)',
      'Start it (pg_ctlcluster <version> main start) or set TEST_PG_URL to a reachable server.',
    );
  return probed;
}

let warned = false;

/** The database kinds every suite runs against, e.g. `describe.each(databaseKinds())('… (%s)', …)`. */
export function databaseKinds(): DatabaseKind[] {
  if (postgresUrl()) return ['sqlite', 'postgres'];
  if (!warned) {
    warned = true;
    console.warn('PostgreSQL unreachable at 127.0.0.1:5432: skipping the PostgreSQL runs of the API tests');
  }
  return ['sqlite'];
}

/** Drops a throw-away PostgreSQL schema a test or bench made, with everything in it. */
export async function dropSchema(connectionString: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}
