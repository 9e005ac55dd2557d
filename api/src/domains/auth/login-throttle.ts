/**
 * Failed password sign-ins, per account (the per-address limit alone let every new address make ten
 * more guesses at the same account). The account slows down rather than locks:
 * - the first LOGIN_FREE_FAILURES failures within LOGIN_FAILURE_WINDOW_MS cost nothing;
 * - each further failure makes the account wait before its next attempt: 2 s, 4 s, 8 s … at most
 *   LOGIN_MAX_DELAY_SECONDS (one guess a minute, ≈ 1,440 a day, whatever the number of addresses);
 * - an attempt during the wait answers 429 with the seconds left, without checking the password;
 * - a correct password, or a completed password reset, clears the count; a quiet window forgets it.
 * So an attacker can at worst make the owner wait a minute between two tries, and never keeps them
 * from signing in with an e-mail link or resetting the password, which this limit does not cover.
 *
 * Every attempt is counted before the password is checked, with a compare-and-set on `version`, so a
 * burst of parallel guesses cannot all pass the check before the first failure is written: of
 * concurrent attempts on one account only one proceeds, the others are told to retry in a second.
 */
import type { AppContext } from '../../context';
import type { Trx } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { clearFailures, countFailureIfUnchanged, throttleOf } from './login-throttle.repository';

export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_DELAY_SECONDS = 60;

/** Seconds the account waits after its n-th failure in a window. */
export function delayAfterFailures(failures: number): number {
  if (failures <= LOGIN_FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - LOGIN_FREE_FAILURES), LOGIN_MAX_DELAY_SECONDS);
}

function slowDown(seconds: number): HttpError {
  const wait = Math.max(1, Math.ceil(seconds));
  return new HttpError(
    429,
    `Too many unsuccessful sign-ins to this account. Please wait ${wait} second${wait === 1 ? '' : 's'} and try again, or sign in with an e-mail link.`,
    { retry_after_seconds: wait, reason: 'account_slowed_down' },
  );
}

/**
 * Counts this attempt as a failure in advance (a success clears it again); throws 429 while the
 * account must wait.
 */
export async function reserveLoginAttempt(ctx: AppContext, userId: number): Promise<void> {
  const now = ctx.now();
  const row = await throttleOf(ctx.db, userId);
  if (row.blocked_until && Date.parse(row.blocked_until) > now.getTime()) {
    throw slowDown((Date.parse(row.blocked_until) - now.getTime()) / 1000);
  }
  const recent = row.last_failure_at && now.getTime() - Date.parse(row.last_failure_at) < LOGIN_FAILURE_WINDOW_MS;
  const failures = recent ? row.failures + 1 : 1;
  const delay = delayAfterFailures(failures);
  const counted = await countFailureIfUnchanged(ctx.db, userId, row.version, {
    failures,
    last_failure_at: now.toISOString(),
    blocked_until: delay > 0 ? new Date(now.getTime() + delay * 1000).toISOString() : null,
  });
  if (!counted) throw slowDown(1);
}

/** A correct password (or a completed reset) clears the account's count. */
export async function recordLoginSuccess(ctx: AppContext, userId: number, trx?: Trx): Promise<void> {
  await clearFailures(trx ?? ctx.db, userId);
}
