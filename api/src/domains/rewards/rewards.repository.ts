/** SQL of reward claims: one row per claim key and person (the daily bonus, a share, the follow prompt). */
import type { Insertable } from 'kysely';
import type { Executor, RewardClaimsTable } from '../../db/schema';

/** The user's daily-bonus claims on the given days, with the streak each continued. */
export function dailyClaimsOn(db: Executor, userId: number, days: string[]) {
  return db
    .selectFrom('reward_claims')
    .select(['day', 'streak'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'daily')
    .where('day', 'in', days)
    .execute();
}

/** The user's follow claim (ever) and share claims of `today`. */
export function followAndShareClaims(db: Executor, userId: number, today: string) {
  return db
    .selectFrom('reward_claims')
    .select(['kind', 'channel', 'day'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('kind', '=', 'follow'), eb.and([eb('kind', '=', 'share'), eb('day', '=', today)])]))
    .execute();
}

/** Stores the claim unless its key was already claimed by the user; answers whether it was stored. */
export async function insertClaimOnce(db: Executor, claim: Insertable<RewardClaimsTable>): Promise<boolean> {
  const inserted = await db
    .insertInto('reward_claims')
    .values(claim)
    .onConflict((oc) => oc.columns(['user_id', 'claim_key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}
