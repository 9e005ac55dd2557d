/**
 * The one way a guest's data joins an account (product.md#accounts); every sign-in path that
 * merges — registration, password login, magic link, password reset — goes through `mergeGuest`.
 *
 * - One money transaction locks both users (in id order, so two merges never deadlock) and re-reads
 *   the guest inside it: what moves is what the guest holds at that moment, never a stale copy.
 * - A guest merges at most once: one already merged (or disabled) moves nothing.
 * - Coins move as one ledger pair (`guest_merge_out` on the guest, `guest_merge_in` on the account)
 *   or not at all: if either side cannot be written the whole sign-in's merge rolls back.
 * - An unlock or reward claim of the guest racing the merge locks the same row: it either runs first
 *   (and its result moves) or finds the guest merged and is refused (`assertCanSpend`).
 * - Rewards are per person: each reward claim key (the follow prompt ever, a day's daily bonus, one
 *   share channel on one day) counts once per account, counting every guest merged into it. A guest's
 *   claim the account lacks moves to it (so today's daily bonus cannot be claimed twice); a claim the
 *   account already has is dropped and its coins are forfeited (`guest_merge_forfeit`, never more than
 *   the guest's balance) before the rest moves.
 * - Coins the guest owes after a refund or dispute move with it and are paid at once from the
 *   account's coins (`debt_settlement`), so a debt is never left behind on an abandoned guest.
 */
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { Trx } from '../../db/schema';
import { moveDebts } from '../../kernel/coin-ledger';
import { applyEntry, lockUser, moneyTransaction } from '../../kernel/money-transaction';
import {
  claimKeysHeld,
  deleteHistoryOf,
  deleteProgressOf,
  giveAutoUnlockSettings,
  giveDeviceReports,
  giveLikes,
  giveListEntries,
  giveRewardClaims,
  giveUnlocks,
  hasDeviceReport,
  historyOf,
  historyOfEpisode,
  insertHistory,
  insertProgress,
  progressOf,
  progressOfEpisode,
  retireGuest,
  rewardClaimsOf,
  updateHistory,
  updateProgress,
} from './guest-merge.repository';
import { moveGuestPayments } from './guest-payments';

export const GUEST_MERGE_REASONS = {
  out: 'guest_merge_out',
  in: 'guest_merge_in',
  forfeit: 'guest_merge_forfeit',
} as const;

export interface MergeOutcome {
  /** Whether a guest's data moved in this call. */
  moved: boolean;
  /** Coins credited to the account. */
  coins: number;
  /** Reward coins the guest lost because the account already had the same claims. */
  forfeited: number;
}

const NOTHING: MergeOutcome = { moved: false, coins: 0, forfeited: 0 };

/** Thrown when a ledger pair cannot be written whole; rolls the merge back. */
class MergeLedgerError extends Error {}

/** Moves reward claims the account lacks; answers the coins of the claims it already had. */
async function mergeRewardClaims(trx: Trx, guestId: number, accountId: number): Promise<number> {
  const guestClaims = await rewardClaimsOf(trx, guestId);
  if (guestClaims.length === 0) return 0;
  const accountKeys = await claimKeysHeld(
    trx,
    accountId,
    guestClaims.map((claim) => claim.claim_key),
  );
  let forfeited = 0;
  const carried: number[] = [];
  for (const claim of guestClaims) {
    if (accountKeys.has(claim.claim_key)) forfeited += claim.coins;
    else carried.push(claim.id);
  }
  if (carried.length > 0) await giveRewardClaims(trx, carried, accountId);
  return forfeited;
}

/**
 * The rows of a guest that follow it: unlocks, list, progress, history, payments and Gold, the device
 * report. Where the account holds the same thing, the account's stays (the newer record, for progress
 * and history). The guest is then deactivated and points at the account, which ends its sessions.
 */
async function moveGuestRows(trx: Trx, guestId: number, accountId: number, at: string) {
  await giveUnlocks(trx, guestId, accountId);
  await giveAutoUnlockSettings(trx, guestId, accountId, at);
  await giveListEntries(trx, guestId, accountId);
  await giveLikes(trx, guestId, accountId);

  // Progress and history: where both watched the same episode, the most recent record wins.
  for (const row of await progressOf(trx, guestId)) {
    const existing = await progressOfEpisode(trx, accountId, row.episode_id);
    const values = {
      progress: row.progress,
      position_seconds: row.position_seconds,
      completed: Boolean(row.completed),
      updated_at: row.updated_at,
    };
    if (!existing) {
      await insertProgress(trx, {
        ...values,
        user_id: accountId,
        episode_id: row.episode_id,
        series_id: row.series_id,
        created_at: row.created_at,
      });
    } else if (existing.updated_at < row.updated_at) {
      await updateProgress(trx, existing.id, values);
    }
  }
  await deleteProgressOf(trx, guestId);

  for (const row of await historyOf(trx, guestId)) {
    const existing = await historyOfEpisode(trx, accountId, row.episode_id);
    if (!existing) {
      await insertHistory(trx, {
        user_id: accountId,
        episode_id: row.episode_id,
        series_id: row.series_id,
        progress: row.progress,
        watched_at: row.watched_at,
      });
    } else if (existing.watched_at < row.watched_at) {
      await updateHistory(trx, existing.id, { progress: row.progress, watched_at: row.watched_at });
    }
  }
  await deleteHistoryOf(trx, guestId);

  await moveGuestPayments(trx, guestId, accountId, at);

  // One device report per account: the guest's only when the account has none.
  if (!(await hasDeviceReport(trx, accountId))) await giveDeviceReports(trx, guestId, accountId);

  await retireGuest(trx, guestId, accountId, at);
}

async function ledgerOrFail(trx: Trx, entry: Parameters<typeof applyEntry>[1]) {
  const result = await applyEntry(trx, entry);
  if (!result.applied) throw new MergeLedgerError(`guest merge ledger entry refused: ${result.why}`);
}

/**
 * Merges inside the caller's money transaction (the magic link creates the account in the same one).
 * Locks both users itself.
 */
export async function mergeGuestLocked(
  ctx: AppContext,
  trx: Trx,
  guestId: number,
  accountId: number,
  at: string,
): Promise<MergeOutcome> {
  if (guestId === accountId) return NOTHING;
  const [firstId, secondId] = guestId < accountId ? [guestId, accountId] : [accountId, guestId];
  const first = await lockUser(ctx, trx, firstId);
  const second = await lockUser(ctx, trx, secondId);
  const guest = firstId === guestId ? first : second;
  const account = firstId === accountId ? first : second;
  if (!guest || !account) return NOTHING;
  if (!guest.is_guest || !guest.is_active || guest.merged_into_user_id !== null) return NOTHING;
  if (account.is_guest || !account.is_active) return NOTHING;

  const owed = await mergeRewardClaims(trx, guest.id, account.id);
  const forfeited = Math.min(owed, guest.coin_balance);
  if (forfeited > 0) {
    await ledgerOrFail(trx, {
      userId: guest.id,
      delta: -forfeited,
      reason: GUEST_MERGE_REASONS.forfeit,
      reference: `account:${account.id}`,
      createdAt: at,
    });
  }
  const coins = guest.coin_balance - forfeited;
  if (coins > 0) {
    await ledgerOrFail(trx, {
      userId: guest.id,
      delta: -coins,
      reason: GUEST_MERGE_REASONS.out,
      reference: `account:${account.id}`,
      createdAt: at,
    });
    await ledgerOrFail(trx, {
      userId: account.id,
      delta: coins,
      reason: GUEST_MERGE_REASONS.in,
      reference: `guest:${guest.id}`,
      createdAt: at,
    });
  }
  await moveGuestRows(trx, guest.id, account.id, at);
  // Coins the guest owes (a refund after spending) follow it and are paid from what the account holds.
  await moveDebts(trx, guest.id, account.id, at, `guest:${guest.id}`);
  return { moved: true, coins, forfeited };
}

/** Merges the guest into the account in a transaction of its own. */
export function mergeGuest(ctx: AppContext, guestId: number | null, accountId: number): Promise<MergeOutcome> {
  if (guestId === null || guestId === accountId) return Promise.resolve(NOTHING);
  return moneyTransaction(ctx, (trx) => mergeGuestLocked(ctx, trx, guestId, accountId, nowIso(ctx)));
}
