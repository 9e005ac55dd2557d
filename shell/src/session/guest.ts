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
  GUEST_REGISTRATION_BACKOFF_CAP_MS,
  GUEST_REGISTRATION_BACKOFF_MS,
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

/**
 * When the next registration may be made without the visitor asking (product.md#accounts): after both
 * attempts of a registration failed, none for GUEST_REGISTRATION_BACKOFF_MS, doubling with each further
 * failure up to GUEST_REGISTRATION_BACKOFF_CAP_MS, so a lost session, a sign-out or a refused request
 * never starts a registration loop. "Try again" on a screen that needs the server is the visitor asking.
 */
export class RegistrationBackoff {
  private failures = 0;
  private until = 0;

  /** Whether a registration the visitor did not ask for may be made at `now`. */
  allows(now: number): boolean {
    return now >= this.until;
  }

  failed(now: number): void {
    this.failures += 1;
    this.until =
      now + Math.min(GUEST_REGISTRATION_BACKOFF_MS * 2 ** (this.failures - 1), GUEST_REGISTRATION_BACKOFF_CAP_MS);
  }

  succeeded(): void {
    this.failures = 0;
    this.until = 0;
  }
}

/** The tab's registration back-off. */
export const registrationBackoff = new RegistrationBackoff();
