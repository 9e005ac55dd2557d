/**
 * Playback grants: the signed part of a playback address (domains/playback). A grant is
 * `<viewer>.<expires>.<mac>`: the viewer it was issued to (0 = anybody, for a free episode), its expiry
 * (Unix seconds) and an HMAC-SHA256 (first 128 bits, base64url) of episode, viewer and expiry under a
 * key derived from JWT_SECRET, so every API process checks it without a database and a grant for one
 * episode opens no other.
 *
 * Expiry: an hour, rounded up to the next ten minutes (so 60–70 min). It covers a binge sitting on
 * one episode-list answer (20–40 episodes of 1–3 minutes) and the pre-buffered next episode; an
 * address copied out of the page stops working within 70 minutes; and the rounding makes the
 * addresses a viewer gets within ten minutes identical, so the browser's cache and the pre-buffered
 * video reuse what they fetched. A player whose address expired mid-episode asks the API for a new one.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type AppConfig, PLAYBACK_TTL_SECONDS } from '../config';

export { PLAYBACK_TTL_SECONDS };
export const PLAYBACK_STEP_SECONDS = 10 * 60;
/** The viewer of a grant that anybody may use: free episodes only. */
export const PUBLIC_VIEWER = 0;

export interface PlaybackGrant {
  episodeId: number;
  viewer: number;
  /** Unix seconds. */
  expires: number;
}

const derivedKeys = new Map<string, Buffer>();
/** The grant key, derived from the token secret so that neither can stand in for the other. */
export function playbackKey(secret: string): Buffer {
  let key = derivedKeys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('cliffhanger signed playback v1').digest();
    derivedKeys.set(secret, key);
  }
  return key;
}

/**
 * A grant's lifetime and rounding step: the configured lifetime (a second to PLAYBACK_TTL_SECONDS),
 * rounded up to the 10-minute step, or to its own length when it is shorter than that.
 */
export function grantTiming(config: Pick<AppConfig, 'playbackTtlSeconds'>): { ttl: number; step: number } {
  const ttl = Math.max(1, Math.min(config.playbackTtlSeconds ?? PLAYBACK_TTL_SECONDS, PLAYBACK_TTL_SECONDS));
  return { ttl, step: Math.min(PLAYBACK_STEP_SECONDS, ttl) };
}

/** When a grant issued at `now` expires: TTL later, rounded up to the step. */
export function grantExpiry(now: Date, timing = { ttl: PLAYBACK_TTL_SECONDS, step: PLAYBACK_STEP_SECONDS }): number {
  const at = Math.floor(now.getTime() / 1000) + timing.ttl;
  return Math.ceil(at / timing.step) * timing.step;
}

function mac(key: Buffer, grant: PlaybackGrant): string {
  return createHmac('sha256', key)
    .update(`${grant.episodeId}.${grant.viewer}.${grant.expires}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export function signGrant(key: Buffer, grant: PlaybackGrant): string {
  return `${grant.viewer}.${grant.expires}.${mac(key, grant)}`;
}

const GRANT = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/;

export type GrantCheck =
  | { ok: true; grant: PlaybackGrant }
  | { ok: false; reason: 'missing' | 'malformed' | 'expired' | 'forged' };

export function verifyGrant(key: Buffer, episodeId: number, token: unknown, now: Date): GrantCheck {
  if (token === undefined || token === '') return { ok: false, reason: 'missing' };
  const match = typeof token === 'string' ? GRANT.exec(token) : null;
  if (!match) return { ok: false, reason: 'malformed' };
  const grant = { episodeId, viewer: Number(match[1]), expires: Number(match[2]) };
  const expected = Buffer.from(mac(key, grant));
  const given = Buffer.from(match[3] as string);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'forged' };
  if (grant.expires * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, grant };
}
