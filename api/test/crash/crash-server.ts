/**
 * The API as the crash-safety run starts it: one process, no frontends, no demo data, on a database
 * and data folder chosen by the parent (CRASH_SERVER_CONFIG, JSON). The parent kills it with SIGKILL
 * at random moments and starts it again on the same database, so nothing here shuts down gracefully.
 * Secrets come from the parent too, so tokens and webhook signatures stay valid across restarts.
 */
import { join } from 'node:path';
import { STAFF_GRANT_LIMIT } from '@cliffhanger/shared/constants';
import { buildApp } from '../../src/app';
import type { AppConfig } from '../../src/config';

export interface CrashServerConfig {
  dir: string;
  port: number;
  jwtSecret: string;
  webhookSecret: string;
  database: AppConfig['database'];
}

async function main() {
  const options = JSON.parse(process.env.CRASH_SERVER_CONFIG ?? '') as CrashServerConfig;
  const { dir } = options;
  const app = await buildApp({
    database: options.database,
    port: options.port,
    host: '127.0.0.1',
    publicUrl: null,
    cdnHost: null,
    storageHost: null,
    mediaRoot: join(dir, 'media'),
    jwtSecret: options.jwtSecret,
    // A long bench run outlives the 15-minute production limit; the tokens never leave the test.
    accessTokenTtlSeconds: 3600,
    refreshTokenTtlSeconds: 3600,
    magicLinkTtlSeconds: 900,
    staticApiToken: 'cliffhanger-web',
    corsOrigins: [],
    bodyLimitBytes: 1024 * 1024,
    trustProxy: false,
    rateLimit: {
      anonymousPerMinute: 10_000_000,
      userPerMinute: 10_000_000,
      sensitivePerMinute: 10_000_000,
      guestSignupsPerMinute: 10_000_000,
    },
    passwordHash: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    mail: { smtpUrl: null, from: 'crash@cliffhanger.test', outboxPath: join(dir, 'outbox.jsonl') },
    devRoutes: true,
    serveFrontends: false,
    frontendsRoot: dir,
    logger: false,
    // The dev payment provider, whatever the shell exports: paying never leaves this machine.
    payments: {
      mode: 'dev',
      stripeSecretKey: null,
      publishableKey: null,
      webhookSecret: options.webhookSecret,
      staffGrantLimit: STAFF_GRANT_LIMIT,
    },
  });
  await app.listen({ port: options.port, host: '127.0.0.1' });
  process.stdout.write(`listening on ${options.port}\n`);
}

main().catch((error) => {
  console.error('The crash-test server failed to start:', error);
  process.exit(1);
});
