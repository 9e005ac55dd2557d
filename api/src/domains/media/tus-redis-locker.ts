/**
 * Upload locks shared by every API process (tus `Locker` over Redis). With several API replicas behind
 * one address, a browser that retries a PATCH after a dropped connection can land on another replica
 * while the first still writes the old request's bytes: two writers of one upload would corrupt it. The
 * tus server's own lock lives in one process; this one lives in Redis.
 *
 * - Taking a lock is `SET key token NX PX ttl`; the holder renews it while it works, so a replica that
 *   dies leaves a lock that expires on its own.
 * - A request that finds the lock taken asks the holder to let go (the tus protocol's rule: the newer
 *   request wins, the older one is usually a half-open connection) by publishing the upload's id; every
 *   process listens and the holder's request is ended, then the lock is free within a moment.
 * - Releasing deletes the key only while it still holds this holder's token (a Lua compare-and-delete).
 */
import { randomBytes } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Redis } from 'ioredis';

const UNLOCK = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

export interface RedisLockerOptions {
  /** Key and channel prefix, e.g. the app's Redis prefix. */
  prefix: string;
  /** How long a request waits for the lock before tus answers that it could not take it. */
  acquireTimeoutMs?: number;
  /** How long a lock lives without renewal (a crashed holder's lock ends after this). */
  ttlMs?: number;
  /** How often a waiting request tries again. */
  retryMs?: number;
}

export class RedisLocker implements Locker {
  readonly channel: string;
  readonly keyPrefix: string;
  readonly acquireTimeoutMs: number;
  readonly ttlMs: number;
  readonly retryMs: number;
  /** This process's holders, by upload id: what to call when another request asks for the lock. */
  readonly holders = new Map<string, { token: string; release: RequestRelease }>();
  private readonly listening: Promise<unknown>;

  /**
   * `commands` sends the lock commands; `subscriber` is a connection of its own (a subscribed Redis
   * connection can do nothing else) on which release requests arrive.
   */
  constructor(
    readonly commands: Redis,
    readonly subscriber: Redis,
    options: RedisLockerOptions,
  ) {
    this.channel = `${options.prefix}tus-release`;
    this.keyPrefix = `${options.prefix}tus-lock:`;
    this.acquireTimeoutMs = options.acquireTimeoutMs ?? 30_000;
    this.ttlMs = options.ttlMs ?? 30_000;
    this.retryMs = options.retryMs ?? 50;
    this.subscriber.on('message', (channel: string, id: string) => {
      if (channel !== this.channel) return;
      const holder = this.holders.get(id);
      if (holder) void Promise.resolve(holder.release()).catch(() => undefined);
    });
    this.listening = this.subscriber.subscribe(this.channel).catch(() => undefined);
  }

  /** Resolves once release requests are being received (for tests and start-up). */
  ready(): Promise<unknown> {
    return this.listening;
  }

  newLock(id: string): Lock {
    return new RedisLock(this, id);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class RedisLock implements Lock {
  private readonly token = randomBytes(16).toString('hex');
  private renewal: NodeJS.Timeout | null = null;

  constructor(
    private readonly locker: RedisLocker,
    private readonly id: string,
  ) {}

  private get key() {
    return `${this.locker.keyPrefix}${this.id}`;
  }

  async lock(stop: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { commands, channel, ttlMs, retryMs } = this.locker;
    const deadline = Date.now() + this.locker.acquireTimeoutMs;
    let asked = false;
    for (;;) {
      if (stop.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      const taken = await commands.set(this.key, this.token, 'PX', ttlMs, 'NX');
      if (taken === 'OK') {
        this.locker.holders.set(this.id, { token: this.token, release: requestRelease });
        this.renewal = setInterval(
          () => {
            commands.eval(RENEW, 1, this.key, this.token, String(ttlMs)).catch(() => undefined);
          },
          Math.max(1_000, Math.floor(ttlMs / 3)),
        );
        this.renewal.unref();
        return;
      }
      if (!asked) {
        asked = true;
        await commands.publish(channel, this.id);
      }
      if (Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await pause(retryMs);
    }
  }

  async unlock(): Promise<void> {
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = null;
    if (this.locker.holders.get(this.id)?.token === this.token) this.locker.holders.delete(this.id);
    await this.locker.commands.eval(UNLOCK, 1, this.key, this.token);
  }
}
