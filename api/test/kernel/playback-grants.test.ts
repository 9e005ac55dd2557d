/**
 * How long signed playback addresses live: an hour (rounded up to the next 10 minutes) unless the
 * server is told a shorter lifetime (PLAYBACK_TTL_SECONDS, for journeys that watch addresses expire);
 * it can never be made longer than an hour, and a short-lived address is refused once it has expired.
 */
import { configFromEnv } from '../../src/config';
import {
  grantExpiry,
  grantTiming,
  PLAYBACK_STEP_SECONDS,
  PLAYBACK_TTL_SECONDS,
  playbackKey,
  signGrant,
  verifyGrant,
} from '../../src/kernel/playback-grants';

const VAR_DIR = '/tmp/cliffhanger-config-test';

describe('signed playback lifetime', () => {
  it('is an hour by default and can be shortened but never lengthened', () => {
    expect(grantTiming(configFromEnv({ VAR_DIR }))).toEqual({ ttl: PLAYBACK_TTL_SECONDS, step: PLAYBACK_STEP_SECONDS });
    expect(grantTiming(configFromEnv({ VAR_DIR, PLAYBACK_TTL_SECONDS: '20' }))).toEqual({ ttl: 20, step: 20 });
    expect(grantTiming(configFromEnv({ VAR_DIR, PLAYBACK_TTL_SECONDS: '86400' }))).toEqual({
      ttl: PLAYBACK_TTL_SECONDS,
      step: PLAYBACK_STEP_SECONDS,
    });
    expect(grantTiming({ playbackTtlSeconds: 0 }).ttl).toBe(1);
    expect(grantTiming({ playbackTtlSeconds: -5 }).ttl).toBe(1);
  });

  it('gives a short-lived address that works until its expiry and is refused after it', () => {
    const key = playbackKey('a-test-secret-a-test-secret-a-test-secret');
    const issued = new Date('2026-11-25T10:00:05.000Z');
    const expires = grantExpiry(issued, grantTiming({ playbackTtlSeconds: 20 }));
    expect(expires * 1000 - issued.getTime()).toBeGreaterThanOrEqual(20_000);
    expect(expires * 1000 - issued.getTime()).toBeLessThan(40_000);
    const token = signGrant(key, { episodeId: 7, viewer: 0, expires });
    expect(verifyGrant(key, 7, token, new Date(expires * 1000 - 1)).ok).toBe(true);
    expect(verifyGrant(key, 7, token, new Date(expires * 1000))).toEqual({ ok: false, reason: 'expired' });
  });
});
