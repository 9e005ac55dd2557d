/**
 * A fresh application per suite on a real database: a temporary SQLite file, or a fresh schema in the
 * test PostgreSQL database (dropped afterwards). Password hashing is made cheap and rate limits high
 * so suites stay fast; a suite that tests one of those passes its own overrides.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

import { buildApp } from '../../src/app';
import type { AppConfig } from '../../src/config';
import type { AppContext } from '../../src/context';
import type { TypedFastify } from '../../src/http/type-provider';
import { type DatabaseKind, postgresUrl } from './databases';

// Suites build real apps on real databases; on a loaded 2-core machine a first request can take seconds.
jest.setTimeout(30_000);

export interface TestApp {
  app: TypedFastify;
  ctx: AppContext;
  kind: DatabaseKind;
  dir: string;
  close(): Promise<void>;
}

export type ConfigOverrides = Partial<Omit<AppConfig, 'database'>>;

export function testConfig(dir: string, database: AppConfig['database'], overrides: ConfigOverrides = {}): AppConfig {
  return {
    database,
    port: 8080,
    host: '127.0.0.1',
    publicUrl: 'http://cliffhanger.test',
    cdnHost: null,
    storageHost: null,
    mediaRoot: join(dir, 'media'),
    jwtSecret: randomBytes(32).toString('hex'),
    accessTokenTtlSeconds: 900,
    refreshTokenTtlSeconds: 3600,
    magicLinkTtlSeconds: 900,
    staticApiToken: 'cliffhanger-web',
    corsOrigins: ['http://allowed.example'],
    bodyLimitBytes: 1024 * 1024,
    trustProxy: false,
    rateLimit: { globalPerMinute: 100_000, sensitivePerMinute: 100_000 },
    passwordHash: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    mail: { smtpUrl: null, from: 'Cliffhanger <no-reply@cliffhanger.test>', outboxPath: join(dir, 'outbox.jsonl') },
    docsUi: false,
    devRoutes: true,
    serveFrontends: false,
    frontendsRoot: dir,
    logger: false,
    ...overrides,
  };
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
        const client = new pg.Client({ connectionString: postgresUrl() as string });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
