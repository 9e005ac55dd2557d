/**
 * The field rules a viewer expects from any sign-in form (§5 leaves them open): a plausible e-mail
 * address, a password of at least 8 characters (what the API also requires), and a confirmation that
 * matches. Each answers the message shown next to its field, or null.
 */

export const PASSWORD_MIN_LENGTH = 8;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME_PATTERN = /^[A-Za-z0-9_.-]{3,30}$/;

export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (!email) return 'Enter your e-mail address.';
  if (!EMAIL_PATTERN.test(email)) return 'Enter an e-mail address like name@example.com.';
  return null;
}

export function passwordProblem(value: string, label = 'password'): string | null {
  if (!value) return `Enter your ${label}.`;
  if (value.length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  return null;
}

export function confirmationProblem(password: string, confirmation: string): string | null {
  if (!confirmation) return 'Repeat the password.';
  return confirmation === password ? null : 'The passwords do not match.';
}

/** Optional: an empty username lets the server choose one. */
export function usernameProblem(value: string): string | null {
  const username = value.trim();
  if (!username) return null;
  return USERNAME_PATTERN.test(username) ? null : 'Use 3 to 30 letters, digits, dots, dashes or underscores.';
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
