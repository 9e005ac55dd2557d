/**
 * The API configuration the tests build apps with: cheap password hashing, high rate limits, mail to a
 * file, no frontends. Free of jest, so benches that drive the same app can use it too.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { STAFF_GRANT_LIMIT } from '@cliffhanger/shared/constants';
import type { AppConfig, PaymentsConfig } from '../../src/config';

/** The webhook secret of every test app, so tests can sign deliveries like the processor would. */
export const TEST_WEBHOOK_SECRET = 'whsec_test_cliffhanger_money_suite_0123456789';

/** Payments in tests: the built-in dev provider with a known secret; never the real processor. */
export const TEST_PAYMENTS: PaymentsConfig = {
  mode: 'dev',
  stripeSecretKey: null,
  publishableKey: null,
  webhookSecret: TEST_WEBHOOK_SECRET,
  staffGrantLimit: STAFF_GRANT_LIMIT,
};

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
    rateLimit: {
      anonymousPerMinute: 100_000,
      userPerMinute: 100_000,
      sensitivePerMinute: 100_000,
      guestSignupsPerMinute: 100_000,
    },
    passwordHash: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    mail: { smtpUrl: null, from: 'Cliffhanger <no-reply@cliffhanger.test>', outboxPath: join(dir, 'outbox.jsonl') },
    devRoutes: true,
    serveFrontends: false,
    frontendsRoot: dir,
    logger: false,
    payments: TEST_PAYMENTS,
    ...overrides,
  };
}
