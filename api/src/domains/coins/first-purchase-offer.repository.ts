/** SQL of first-purchase offer claims: at most one per person, tied to the checkout that used it. */
import type { Executor } from '../../db/schema';

/** Whether the user has ever completed a payment (coins, Gold, a card payment). */
export async function hasPaid(db: Executor, userId: number): Promise<boolean> {
  const paid = await db
    .selectFrom('payments')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'succeeded')
    .executeTakeFirst();
  return paid !== undefined;
}

export function findClaim(db: Executor, userId: number) {
  return db.selectFrom('first_purchase_offer_claims').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function hasClaim(db: Executor, userId: number): Promise<boolean> {
  const claim = await db
    .selectFrom('first_purchase_offer_claims')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return claim !== undefined;
}

/** Hands the user's claim to another checkout, claimed anew at `at`. */
export async function reclaim(db: Executor, userId: number, checkoutKey: string | null, at: string) {
  await db
    .updateTable('first_purchase_offer_claims')
    .set({ checkout_key: checkoutKey, claimed_at: at })
    .where('user_id', '=', userId)
    .execute();
}

export async function insertClaim(db: Executor, userId: number, checkoutKey: string | null, at: string) {
  await db
    .insertInto('first_purchase_offer_claims')
    .values({ user_id: userId, payment_id: null, checkout_key: checkoutKey, claimed_at: at })
    .execute();
}

/** Ties the user's claim that has no checkout yet to this payment. */
export async function setClaimPayment(db: Executor, userId: number, paymentId: number) {
  await db
    .updateTable('first_purchase_offer_claims')
    .set({ payment_id: paymentId })
    .where('user_id', '=', userId)
    .where('payment_id', 'is', null)
    .execute();
}

export async function deleteUnopenedClaim(db: Executor, userId: number) {
  await db
    .deleteFrom('first_purchase_offer_claims')
    .where('user_id', '=', userId)
    .where('payment_id', 'is', null)
    .execute();
}

export async function deleteClaimOfPayment(db: Executor, paymentId: number) {
  await db.deleteFrom('first_purchase_offer_claims').where('payment_id', '=', paymentId).execute();
}
