/**
 * Free coins a day per client address and per device (product.md#rewards). A guest is cheap to make
 * (a crowd behind one address all need one), so what guests could farm is bounded here instead: every
 * free coin (the daily bonus, shares, the follow prompt, the magic-link welcome) is taken from today's
 * pool of the address it was claimed from and, when the browser names its device (`DEVICE_ID_HEADER`,
 * the client's word, so only an extra key), from the device's pool too, in the same transaction as
 * its ledger credit. A pool never gives more than its bound: the take is one conditional update of the
 * pool's row (`coins + n <= bound`), which PostgreSQL's row lock and SQLite's single writer serialise,
 * so concurrent claims can never overshoot it, and a refused claim rolls back with its whole transaction.
 */
import { DEVICE_ID_HEADER, DEVICE_ID_PATTERN } from '@cliffhanger/shared/constants';
import type { FreeCoinLimits } from '../config';
import type { Trx } from '../db/schema';
import { HttpError } from '../http/errors';
import { hashToken } from '../http/tokens';

/** Where a free coin is claimed from: the client address (as the rate limiter keys it) and the device, if named. */
export interface FreeCoinSource {
  address: string;
  deviceId: string | null;
}

/** The device id of a request's headers (DEVICE_ID_PATTERN), or null: anything else is ignored, as if none was sent. */
export function deviceIdOf(headers: Record<string, string | string[] | undefined>): string | null {
  const value = headers[DEVICE_ID_HEADER.toLowerCase()];
  return typeof value === 'string' && DEVICE_ID_PATTERN.test(value) ? value : null;
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The next UTC midnight after `now`, when every pool starts again. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}

export const FREE_COINS_SPENT_MESSAGE =
  'Today’s free coins for your network or device have all been given out. They are back after midnight (UTC); you can buy coins at any time.';

/** The polite refusal: 429 with when the pools start again (`Retry-After` and `next_claim_at`). */
export function freeCoinsSpent(now: Date): HttpError {
  const resets = nextUtcMidnight(now);
  const seconds = Math.max(1, Math.ceil((resets.getTime() - now.getTime()) / 1000));
  return new HttpError(
    429,
    FREE_COINS_SPENT_MESSAGE,
    { reason: 'free_coins_spent', next_claim_at: resets.toISOString() },
    { 'retry-after': String(seconds) },
  );
}

/**
 * Inside a money transaction: takes `coins` from today's pools of `source`; false (nothing taken that
 * outlives the transaction) when a pool has not that many left.
 */
export async function takeFreeCoins(
  trx: Trx,
  limits: FreeCoinLimits,
  source: FreeCoinSource,
  coins: number,
  now: Date,
): Promise<boolean> {
  if (coins <= 0) return true;
  const day = utcDay(now);
  const pools: Array<[string, number]> = [[`address:${source.address}`, limits.perAddressPerDay]];
  if (source.deviceId !== null) pools.push([`device:${source.deviceId}`, limits.perDevicePerDay]);
  for (const [name, bound] of pools) {
    if (bound <= 0) continue;
    const bucket = hashToken(name);
    const opened = await trx
      .insertInto('free_coin_pools')
      .values({ bucket, day, coins: 0 })
      .onConflict((oc) => oc.columns(['bucket', 'day']).doNothing())
      .executeTakeFirst();
    // A pool's first take of the day clears the days gone by, so the table holds about a day.
    if (Number(opened.numInsertedOrUpdatedRows ?? 0) > 0) {
      await trx.deleteFrom('free_coin_pools').where('day', '<', day).execute();
    }
    const taken = await trx
      .updateTable('free_coin_pools')
      .set((eb) => ({ coins: eb('coins', '+', coins) }))
      .where('bucket', '=', bucket)
      .where('day', '=', day)
      .where((eb) => eb(eb('coins', '+', coins), '<=', bound))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 0) return false;
  }
  return true;
}
