/**
 * Redis connections for state that several API processes must share (rate limits, the public-view
 * cache, cache invalidation messages). Requests must never queue behind a dead Redis: a command that
 * cannot be sent fails at once (`enableOfflineQueue: false`, one attempt), and callers treat a failure
 * as a cache miss, while the client keeps reconnecting in the background.
 */
import { Redis, type RedisOptions } from 'ioredis';

export function connectRedis(url: string, role: string, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, {
    connectionName: `cliffhanger-api-${role}`,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    ...options,
  });
  // Errors are reported through the failing commands; an unhandled 'error' event would crash the process.
  redis.on('error', () => undefined);
  return redis;
}

/** Resolves once the connection is up, or rejects after `timeoutMs` (the client keeps trying). */
export function redisReady(redis: Redis, timeoutMs = 5_000): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`Redis did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = () => {
      cleanup();
      resolve();
    };
    const cleanup = () => {
      clearTimeout(timer);
      redis.off('ready', onReady);
    };
    redis.on('ready', onReady);
  });
}

export async function closeRedis(redis: Redis): Promise<void> {
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}
