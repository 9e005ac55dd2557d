/**
 * The SQL of a guest merge, one table at a time: read what the guest holds, add a row to the account,
 * drop the guest's rows. Which row wins where both have one is decided by guest-merge.service.ts and
 * guest-payments.ts; every function here runs inside the merge's transaction (`trx`).
 */
import type { Trx } from '../../db/schema';

// --- Reward claims ------------------------------------------------------------------------------

export function rewardClaimsOf(trx: Trx, userId: number) {
  return trx.selectFrom('reward_claims').select(['id', 'claim_key', 'coins']).where('user_id', '=', userId).execute();
}

/** Which of `keys` the user has already claimed. */
export async function claimKeysHeld(trx: Trx, userId: number, keys: string[]): Promise<Set<string>> {
  const rows = await trx
    .selectFrom('reward_claims')
    .select('claim_key')
    .where('user_id', '=', userId)
    .where('claim_key', 'in', keys)
    .execute();
  return new Set(rows.map((row) => row.claim_key));
}

export async function giveRewardClaims(trx: Trx, claimIds: number[], userId: number) {
  await trx.updateTable('reward_claims').set({ user_id: userId }).where('id', 'in', claimIds).execute();
}

// --- Unlocks, auto-unlock settings, the list ----------------------------------------------------
// Each gives the guest's rows the account lacks to the account, then drops the guest's.

export async function giveUnlocks(trx: Trx, guestId: number, accountId: number) {
  const held = await trx.selectFrom('episode_unlocks').selectAll().where('user_id', '=', guestId).execute();
  for (const { episode_id, coin_cost, created_at } of held) {
    await trx
      .insertInto('episode_unlocks')
      .values({ user_id: accountId, episode_id, coin_cost, created_at })
      .onConflict((oc) => oc.columns(['user_id', 'episode_id']).doNothing())
      .execute();
  }
  await trx.deleteFrom('episode_unlocks').where('user_id', '=', guestId).execute();
}

/** A setting keeps what it spent of its cap; where the account has its own for the series, the account's stays. */
export async function giveAutoUnlockSettings(trx: Trx, guestId: number, accountId: number, at: string) {
  const held = await trx.selectFrom('auto_unlock_settings').selectAll().where('user_id', '=', guestId).execute();
  for (const { series_id, enabled, cap_coins, spent_coins, created_at } of held) {
    await trx
      .insertInto('auto_unlock_settings')
      .values({
        user_id: accountId,
        series_id,
        enabled: Boolean(enabled),
        cap_coins,
        spent_coins,
        created_at,
        updated_at: at,
      })
      .onConflict((oc) => oc.columns(['user_id', 'series_id']).doNothing())
      .execute();
  }
  await trx.deleteFrom('auto_unlock_settings').where('user_id', '=', guestId).execute();
}

export async function giveListEntries(trx: Trx, guestId: number, accountId: number) {
  const held = await trx.selectFrom('my_list').selectAll().where('user_id', '=', guestId).execute();
  for (const { series_id, created_at } of held) {
    await trx
      .insertInto('my_list')
      .values({ user_id: accountId, series_id, created_at })
      .onConflict((oc) => oc.columns(['user_id', 'series_id']).doNothing())
      .execute();
  }
  await trx.deleteFrom('my_list').where('user_id', '=', guestId).execute();
}

// --- Likes ---------------------------------------------------------------------------------------

/**
 * Gives the guest's likes to the account. A series both liked keeps the account's one like, and its
 * count gives back the guest's, so merging never counts one person twice.
 */
export async function giveLikes(trx: Trx, guestId: number, accountId: number) {
  const likes = await trx.selectFrom('series_likes').selectAll().where('user_id', '=', guestId).execute();
  for (const like of likes) {
    const moved = await trx
      .insertInto('series_likes')
      .values({ ...like, user_id: accountId })
      .onConflict((oc) => oc.columns(['user_id', 'series_id']).doNothing())
      .executeTakeFirst();
    if (Number(moved.numInsertedOrUpdatedRows ?? 0) > 0) continue;
    await trx
      .updateTable('series')
      .set((eb) => ({ likes: eb('likes', '-', 1) }))
      .where('id', '=', like.series_id)
      .where('likes', '>', 0)
      .execute();
  }
  await trx.deleteFrom('series_likes').where('user_id', '=', guestId).execute();
}

// --- Watch progress -----------------------------------------------------------------------------

export function progressOf(trx: Trx, userId: number) {
  return trx.selectFrom('watch_progress').selectAll().where('user_id', '=', userId).execute();
}

export function progressOfEpisode(trx: Trx, userId: number, episodeId: number) {
  return trx
    .selectFrom('watch_progress')
    .select(['id', 'updated_at'])
    .where('user_id', '=', userId)
    .where('episode_id', '=', episodeId)
    .executeTakeFirst();
}

export interface ProgressValues {
  progress: number;
  position_seconds: number;
  completed: boolean;
  updated_at: string;
}

export async function insertProgress(
  trx: Trx,
  row: ProgressValues & { user_id: number; episode_id: number; series_id: number; created_at: string },
) {
  await trx.insertInto('watch_progress').values(row).execute();
}

export async function updateProgress(trx: Trx, id: number, values: ProgressValues) {
  await trx.updateTable('watch_progress').set(values).where('id', '=', id).execute();
}

export async function deleteProgressOf(trx: Trx, userId: number) {
  await trx.deleteFrom('watch_progress').where('user_id', '=', userId).execute();
}

// --- Watch history ------------------------------------------------------------------------------

export function historyOf(trx: Trx, userId: number) {
  return trx.selectFrom('watch_history').selectAll().where('user_id', '=', userId).execute();
}

export function historyOfEpisode(trx: Trx, userId: number, episodeId: number) {
  return trx
    .selectFrom('watch_history')
    .select(['id', 'watched_at'])
    .where('user_id', '=', userId)
    .where('episode_id', '=', episodeId)
    .executeTakeFirst();
}

export async function insertHistory(
  trx: Trx,
  row: { user_id: number; episode_id: number; series_id: number; progress: number; watched_at: string },
) {
  await trx.insertInto('watch_history').values(row).execute();
}

export async function updateHistory(trx: Trx, id: number, values: { progress: number; watched_at: string }) {
  await trx.updateTable('watch_history').set(values).where('id', '=', id).execute();
}

export async function deleteHistoryOf(trx: Trx, userId: number) {
  await trx.deleteFrom('watch_history').where('user_id', '=', userId).execute();
}

// --- Device report ------------------------------------------------------------------------------

export async function hasDeviceReport(trx: Trx, userId: number): Promise<boolean> {
  return !!(await trx.selectFrom('device_reports').select('id').where('user_id', '=', userId).executeTakeFirst());
}

export async function giveDeviceReports(trx: Trx, fromUserId: number, toUserId: number) {
  await trx.updateTable('device_reports').set({ user_id: toUserId }).where('user_id', '=', fromUserId).execute();
}

// --- Payments, Gold and the first-purchase offer ------------------------------------------------

export async function giveSubscriptions(trx: Trx, fromUserId: number, toUserId: number, at: string) {
  await trx
    .updateTable('subscriptions')
    .set({ user_id: toUserId, updated_at: at })
    .where('user_id', '=', fromUserId)
    .execute();
}

/** Moves the payments, keeping who first made each (`merged_from_user_id`); answers how many moved. */
export async function givePayments(trx: Trx, fromUserId: number, toUserId: number): Promise<number> {
  const moved = await trx
    .updateTable('payments')
    .set((eb) => ({
      user_id: toUserId,
      merged_from_user_id: eb.fn.coalesce('merged_from_user_id', eb.val(fromUserId)),
    }))
    .where('user_id', '=', fromUserId)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows);
}

export async function hasSucceededPayment(trx: Trx, userId: number): Promise<boolean> {
  return !!(await trx
    .selectFrom('payments')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'succeeded')
    .executeTakeFirst());
}

export async function markPremium(trx: Trx, userId: number) {
  await trx.updateTable('users').set({ is_premium: true }).where('id', '=', userId).execute();
}

export async function hasFirstPurchaseClaim(trx: Trx, userId: number): Promise<boolean> {
  return !!(await trx
    .selectFrom('first_purchase_offer_claims')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst());
}

export async function deleteFirstPurchaseClaim(trx: Trx, userId: number) {
  await trx.deleteFrom('first_purchase_offer_claims').where('user_id', '=', userId).execute();
}

export async function giveFirstPurchaseClaim(trx: Trx, fromUserId: number, toUserId: number) {
  await trx
    .updateTable('first_purchase_offer_claims')
    .set({ user_id: toUserId })
    .where('user_id', '=', fromUserId)
    .execute();
}

// --- The guest itself ---------------------------------------------------------------------------

/** Deactivates the guest, pointing at the account, and ends its sessions. */
export async function retireGuest(trx: Trx, guestId: number, accountId: number, at: string) {
  await trx
    .updateTable('users')
    .set({ is_active: false, merged_into_user_id: accountId, updated_at: at })
    .where('id', '=', guestId)
    .execute();
  await trx
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', guestId)
    .where('revoked_at', 'is', null)
    .execute();
}
