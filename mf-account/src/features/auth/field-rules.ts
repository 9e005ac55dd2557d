/**
 * The field rules a viewer expects from any sign-in form (product.md#accounts): a plausible e-mail
 * address, a password of at least 8 characters (what the API also requires), and a confirmation that
 * matches. Each answers the message shown next to its field, or null.
 */

import { accountT } from '../../messages';

export const PASSWORD_MIN_LENGTH = 8;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,30}$/;

export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (!email) return accountT('rules.enterEmail');
  if (!EMAIL_PATTERN.test(email)) return accountT('rules.emailLike');
  return null;
}

export function passwordProblem(value: string, label: 'password' | 'new password' = 'password'): string | null {
  if (!value) return accountT(label === 'password' ? 'rules.enterPassword' : 'rules.enterNewPassword');
  if (value.length < PASSWORD_MIN_LENGTH) return accountT('rules.passwordLength', { count: PASSWORD_MIN_LENGTH });
  return null;
}

export function confirmationProblem(password: string, confirmation: string): string | null {
  if (!confirmation) return accountT('rules.repeatPassword');
  return confirmation === password ? null : accountT('rules.passwordsDiffer');
}

/** Optional: an empty username lets the server choose one. */
export function usernameProblem(value: string): string | null {
  const username = value.trim();
  if (!username) return null;
  return USERNAME_PATTERN.test(username) ? null : accountT('rules.username');
}

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** Keeps only the fields that have a problem. */
export function problems<K extends string>(checks: Record<K, string | null>): FieldErrors<K> {
  const found: FieldErrors<K> = {};
  for (const key of Object.keys(checks) as K[]) {
    const message = checks[key];
    if (message) found[key] = message;
  }
  return found;
}
