/**
 * The SQL of opt-in auto-unlock: one viewer's setting for one series, turning it on or off, and the
 * conditional spend that keeps automatic unlocks within the viewer's cap.
 */
import { type SqlBool, sql } from 'kysely';
import type { Executor } from '../../db/schema';

export interface AutoUnlockRow {
  enabled: boolean;
  cap_coins: number;
  spent_coins: number;
}

/** A setting row as read: `enabled` is a boolean whichever database stored it. */
const toSetting = (row: Omit<AutoUnlockRow, 'enabled'> & { enabled: SqlBool }): AutoUnlockRow => ({
  enabled: Boolean(row.enabled),
  cap_coins: row.cap_coins,
  spent_coins: row.spent_coins,
});

export async function findAutoUnlock(
  db: Executor,
  userId: number,
  seriesId: number,
): Promise<AutoUnlockRow | undefined> {
  const row = await db
    .selectFrom('auto_unlock_settings')
    .select(['enabled', 'cap_coins', 'spent_coins'])
    .where('user_id', '=', userId)
    .where('series_id', '=', seriesId)
    .executeTakeFirst();
  return row && toSetting(row);
}

/**
 * Turns auto-unlock on with `cap` coins, or changes the cap while it is on. Turning it on after it was
 * off starts a fresh count of coins spent; changing the cap of a setting that is on keeps the count.
 */
export async function enableAutoUnlock(db: Executor, userId: number, seriesId: number, cap: number, at: string) {
  await db
    .insertInto('auto_unlock_settings')
    .values({
      user_id: userId,
      series_id: seriesId,
      enabled: true,
      cap_coins: cap,
      spent_coins: 0,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'series_id']).doUpdateSet({
        cap_coins: cap,
        spent_coins: sql<number>`case when auto_unlock_settings.enabled then auto_unlock_settings.spent_coins else 0 end`,
        enabled: true,
        updated_at: at,
      }),
    )
    .execute();
}

/** Turns auto-unlock off; nothing happens when it was never on. */
export async function disableAutoUnlock(db: Executor, userId: number, seriesId: number, at: string) {
  await db
    .updateTable('auto_unlock_settings')
    .set({ enabled: false, updated_at: at })
    .where('user_id', '=', userId)
    .where('series_id', '=', seriesId)
    .execute();
}

/**
 * Records `cost` coins spent against the cap, only while the setting is on and the cap still has room:
 * one conditional update, so concurrent automatic unlocks can never together pass the cap. Answers the
 * setting after the spend, or undefined when it was refused (nothing changed).
 */
export async function spendAgainstCap(
  trx: Executor,
  userId: number,
  seriesId: number,
  cost: number,
  at: string,
): Promise<AutoUnlockRow | undefined> {
  const row = await trx
    .updateTable('auto_unlock_settings')
    .set((eb) => ({ spent_coins: eb('spent_coins', '+', cost), updated_at: at }))
    .where('user_id', '=', userId)
    .where('series_id', '=', seriesId)
    .where('enabled', '=', true)
    .where((eb) => eb(eb('spent_coins', '+', cost), '<=', eb.ref('cap_coins')))
    .returning(['enabled', 'cap_coins', 'spent_coins'])
    .executeTakeFirst();
  return row && toSetting(row);
}
