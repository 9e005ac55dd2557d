/**
 * A fresh application per suite on a real database: a temporary SQLite file, or a fresh schema in the
 * test PostgreSQL database (dropped afterwards). Password hashing is made cheap and rate limits high
 * so suites stay fast; a suite that tests one of those passes its own overrides.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { buildApp } from '../../src/app';
import type { AppConfig } from '../../src/config';
import type { AppContext } from '../../src/context';
import type { TypedFastify } from '../../src/http/type-provider';
import { type DatabaseKind, dropSchema, postgresUrl } from './databases';
import { type ConfigOverrides, testConfig } from './test-config';

export { bearer } from './http';
export { type ConfigOverrides, testConfig } from './test-config';

// Suites build real apps on real databases; on a loaded 2-core machine a first request can take seconds.
jest.setTimeout(30_000);

export interface TestApp {
  app: TypedFastify;
  ctx: AppContext;
  kind: DatabaseKind;
  dir: string;
  close(): Promise<void>;
}

export async function createTestApp(
  kind: DatabaseKind,
  overrides: ConfigOverrides = {},
  deps: { now?: () => Date } = {},
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'cliffhanger-api-'));
  let database: AppConfig['database'];
  let schema: string | null = null;
  if (kind === 'postgres') {
    const url = postgresUrl();
    if (!url) throw new Error('PostgreSQL is not reachable');
    schema = `test_${randomBytes(6).toString('hex')}`;
    database = { kind: 'postgres', connectionString: url, schema };
  } else {
    database = { kind: 'sqlite', path: join(dir, 'test.db') };
  }
  const app = await buildApp(testConfig(dir, database, overrides), deps);
  return {
    app,
    ctx: app.ctx,
    kind,
    dir,
    async close() {
      await app.close();
      if (schema) {
        await dropSchema(postgresUrl() as string, schema);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
