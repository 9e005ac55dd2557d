/** SQL of unlocking: who holds which episode, and whether an episode was paid for before. */
import type { Executor, Trx } from '../../db/schema';
import { LEDGER_REASONS } from '../coins/coins.service';

export async function hasUnlocked(db: Executor, userId: number, episodeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('episode_unlocks')
    .select('id')
    .where('user_id', '=', userId)
    .where('episode_id', '=', episodeId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Of these episodes, the ones the user holds. */
export async function unlockedAmong(db: Executor, userId: number, episodeIds: number[]): Promise<Set<number>> {
  const rows = await db
    .selectFrom('episode_unlocks')
    .select('episode_id')
    .where('user_id', '=', userId)
    .where('episode_id', 'in', episodeIds)
    .execute();
  return new Set(rows.map((row) => row.episode_id));
}

/** Records an unlock; false when the user held the episode already (the unique pair kept the first). */
export async function insertUnlockOnce(
  trx: Trx,
  unlock: { userId: number; episodeId: number; coinCost: number; at: string },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('episode_unlocks')
    .values({ user_id: unlock.userId, episode_id: unlock.episodeId, coin_cost: unlock.coinCost, created_at: unlock.at })
    .onConflict((oc) => oc.columns(['user_id', 'episode_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Records an unlock that must be new (a duplicate is an error that rolls the transaction back). */
export async function insertUnlock(
  trx: Trx,
  unlock: { userId: number; episodeId: number; coinCost: number; at: string },
): Promise<void> {
  await trx
    .insertInto('episode_unlocks')
    .values({ user_id: unlock.userId, episode_id: unlock.episodeId, coin_cost: unlock.coinCost, created_at: unlock.at })
    .execute();
}

/** Whether an unlock charge (by hand or automatic) under this reference is in the user's ledger. */
export async function paidBefore(db: Executor, userId: number, reference: string): Promise<boolean> {
  const row = await db
    .selectFrom('coin_ledger')
    .select('id')
    .where('user_id', '=', userId)
    .where('reference', '=', reference)
    .where('reason', 'in', [LEDGER_REASONS.unlock, LEDGER_REASONS.autoUnlock])
    .executeTakeFirst();
  return row !== undefined;
}

export async function coinBalanceOf(db: Executor, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('coin_balance').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.coin_balance;
}
