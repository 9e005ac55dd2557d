/**
 * The guest signup payload (product.md#accounts): a 20-character alphanumeric id, a random age from 21 to 55,
 * gender 2, the poll answers a silent web signup can give, `web`, and an email at the guest domain.
 */
import {
  GUEST_AGE_MAX,
  GUEST_AGE_MIN,
  GUEST_EMAIL_DOMAIN,
  GUEST_GENDER,
  GUEST_ID_LENGTH,
  type GuestSignupPayload,
} from '@cliffhanger/shared';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomGuestId(random: () => number = Math.random): string {
  let id = '';
  for (let i = 0; i < GUEST_ID_LENGTH; i += 1) id += ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)];
  return id;
}

export function randomGuestAge(random: () => number = Math.random): number {
  return GUEST_AGE_MIN + Math.floor(random() * (GUEST_AGE_MAX - GUEST_AGE_MIN + 1));
}

export function buildGuestSignup(id: string, random: () => number = Math.random): GuestSignupPayload {
  return {
    id,
    age: randomGuestAge(random),
    gender: GUEST_GENDER,
    // A silent signup has not asked anything yet: the answers say where the guest came from.
    poll_source: 'web',
    poll_platform: typeof navigator !== 'undefined' && /Mobi/i.test(navigator.userAgent) ? 'mobile' : 'desktop',
    poll_language: typeof navigator !== 'undefined' ? navigator.language || 'en' : 'en',
    web: true,
    email: `${id}@${GUEST_EMAIL_DOMAIN}`,
  };
}
