/**
 * Whether the test Redis at 127.0.0.1:6379 (or TEST_REDIS_URL) answers, probed synchronously like
 * PostgreSQL in support/databases.ts so `describe` can be chosen when the file loads. Suites that need
 * it say loudly when they skip; under CI=true an unreachable Redis fails them instead.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { PROBE_TIMEOUT_MS, requiredInCi } from '../support/databases';

const PROBE = `
const { Redis } = require('ioredis');
const url = process.argv[1];
const redis = new Redis(url, { connectTimeout: 1500, maxRetriesPerRequest: 0, retryStrategy: () => null, lazyConnect: true });
redis.on('error', () => {});
redis.connect().then(() => redis.ping()).then((answer) => { process.stdout.write(answer); return redis.quit(); }).catch(() => redis.disconnect());
`;

let probed: string | null | undefined;

export function redisUrl(): string | null {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (probed === undefined) {
    const result = spawnSync(process.execPath, ['-e', PROBE, url], {
      cwd: __dirname,
      encoding: 'utf8',
      timeout: PROBE_TIMEOUT_MS,
    });
    probed = result.stdout.trim() === 'PONG' ? url : null;
    if (!probed) console.warn(`Redis unreachable at ${url}: skipping the tests of state shared through Redis`);
  }
  if (!probed)
    requiredInCi(`Redis is unreachable at ${url}`, 'Start redis-server or set TEST_REDIS_URL to a reachable one.');
  return probed;
}

/** A key prefix of its own for each suite, so parallel runs sharing one Redis never see each other. */
export const testRedisPrefix = () => `cliffhanger-test:${randomBytes(5).toString('hex')}:`;
