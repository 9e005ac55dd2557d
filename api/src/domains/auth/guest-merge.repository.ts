/**
 * Moves what a guest built up to a real account when that guest signs in (product.md#accounts):
 * unlocks, my list, watch progress and history, payments and Gold, auto-unlock settings,
 * and the device report.
 * Runs inside the merge's transaction (guest-merge.service.ts); the guest is then deactivated and
 * points at the account, which ends its sessions.
 */
import type { Trx, UserRow } from '../../db/schema';
import { moveGuestPayments } from './guest-payments';

/**
 * The rows of a guest that follow it: unlocks, list, progress, history, payments and Gold, the device
 * report. Coins and reward claims are moved by `mergeGuest` (guest-merge.service.ts) before this runs,
 * inside the same transaction, with both users locked.
 */
export async function moveGuestRows(trx: Trx, guest: UserRow, accountId: number, at: string) {
  const unlocks = await trx.selectFrom('episode_unlocks').selectAll().where('user_id', '=', guest.id).execute();
  for (const unlock of unlocks) {
    await trx
      .insertInto('episode_unlocks')
      .values({
        user_id: accountId,
        episode_id: unlock.episode_id,
        coin_cost: unlock.coin_cost,
        created_at: unlock.created_at,
      })
      .onConflict((oc) => oc.columns(['user_id', 'episode_id']).doNothing())
      .execute();
  }
  await trx.deleteFrom('episode_unlocks').where('user_id', '=', guest.id).execute();

  // Auto-unlock settings the account lacks follow the guest, with what they spent of their cap; where
  // the account has its own setting for the series, the account's stays as the viewer left it.
  const settings = await trx.selectFrom('auto_unlock_settings').selectAll().where('user_id', '=', guest.id).execute();
  for (const setting of settings) {
    await trx
      .insertInto('auto_unlock_settings')
      .values({
        user_id: accountId,
        series_id: setting.series_id,
        enabled: Boolean(setting.enabled),
        cap_coins: setting.cap_coins,
        spent_coins: setting.spent_coins,
        created_at: setting.created_at,
        updated_at: at,
      })
      .onConflict((oc) => oc.columns(['user_id', 'series_id']).doNothing())
      .execute();
  }
  await trx.deleteFrom('auto_unlock_settings').where('user_id', '=', guest.id).execute();

  const listed = await trx.selectFrom('my_list').selectAll().where('user_id', '=', guest.id).execute();
  for (const entry of listed) {
    await trx
      .insertInto('my_list')
      .values({ user_id: accountId, series_id: entry.series_id, created_at: entry.created_at })
      .onConflict((oc) => oc.columns(['user_id', 'series_id']).doNothing())
      .execute();
  }
  await trx.deleteFrom('my_list').where('user_id', '=', guest.id).execute();

  // Progress and history: where both watched the same episode, the most recent record wins.
  const progress = await trx.selectFrom('watch_progress').selectAll().where('user_id', '=', guest.id).execute();
  for (const row of progress) {
    const existing = await trx
      .selectFrom('watch_progress')
      .select(['id', 'updated_at'])
      .where('user_id', '=', accountId)
      .where('episode_id', '=', row.episode_id)
      .executeTakeFirst();
    const values = {
      progress: row.progress,
      position_seconds: row.position_seconds,
      completed: Boolean(row.completed),
      updated_at: row.updated_at,
    };
    if (!existing) {
      await trx
        .insertInto('watch_progress')
        .values({
          ...values,
          user_id: accountId,
          episode_id: row.episode_id,
          series_id: row.series_id,
          created_at: row.created_at,
        })
        .execute();
    } else if (existing.updated_at < row.updated_at) {
      await trx.updateTable('watch_progress').set(values).where('id', '=', existing.id).execute();
    }
  }
  await trx.deleteFrom('watch_progress').where('user_id', '=', guest.id).execute();

  const history = await trx.selectFrom('watch_history').selectAll().where('user_id', '=', guest.id).execute();
  for (const row of history) {
    const existing = await trx
      .selectFrom('watch_history')
      .select(['id', 'watched_at'])
      .where('user_id', '=', accountId)
      .where('episode_id', '=', row.episode_id)
      .executeTakeFirst();
    if (!existing) {
      await trx
        .insertInto('watch_history')
        .values({
          user_id: accountId,
          episode_id: row.episode_id,
          series_id: row.series_id,
          progress: row.progress,
          watched_at: row.watched_at,
        })
        .execute();
    } else if (existing.watched_at < row.watched_at) {
      await trx
        .updateTable('watch_history')
        .set({ progress: row.progress, watched_at: row.watched_at })
        .where('id', '=', existing.id)
        .execute();
    }
  }
  await trx.deleteFrom('watch_history').where('user_id', '=', guest.id).execute();

  await moveGuestPayments(trx, guest.id, accountId, at);

  const accountReport = await trx
    .selectFrom('device_reports')
    .select('id')
    .where('user_id', '=', accountId)
    .executeTakeFirst();
  if (!accountReport) {
    await trx.updateTable('device_reports').set({ user_id: accountId }).where('user_id', '=', guest.id).execute();
  }

  await trx
    .updateTable('users')
    .set({ is_active: false, merged_into_user_id: accountId, updated_at: at })
    .where('id', '=', guest.id)
    .execute();
  await trx
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', guest.id)
    .where('revoked_at', 'is', null)
    .execute();
}
