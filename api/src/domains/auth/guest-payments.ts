/**
 * What a guest paid for follows it into the account it signs in to (product.md#accounts): its
 * Gold subscriptions, its payment history and its claim on the first-purchase offer. Coins and unlocks are moved by the users domain's
 * guest merge, which calls this inside the same transaction. Saved cards stay with the guest: they
 * are attached to the guest's customer at the card processor.
 */
import type { Trx } from '../../db/schema';
import { syncGold } from '../users/gold-membership.repository';

export async function moveGuestPayments(trx: Trx, guestId: number, accountId: number, at: string) {
  await trx
    .updateTable('subscriptions')
    .set({ user_id: accountId, updated_at: at })
    .where('user_id', '=', guestId)
    .execute();
  // The guest stays named on its payments, so the account's transactions can mark them "as guest".
  const moved = await trx
    .updateTable('payments')
    .set((eb) => ({ user_id: accountId, merged_from_user_id: eb.fn.coalesce('merged_from_user_id', eb.val(guestId)) }))
    .where('user_id', '=', guestId)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) > 0) {
    const paid = await trx
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', accountId)
      .where('status', '=', 'succeeded')
      .executeTakeFirst();
    if (paid) await trx.updateTable('users').set({ is_premium: true }).where('id', '=', accountId).execute();
  }
  // The first-purchase offer: a claim of the guest's becomes the account's, unless the account has one.
  const accountClaim = await trx
    .selectFrom('first_purchase_offer_claims')
    .select('user_id')
    .where('user_id', '=', accountId)
    .executeTakeFirst();
  if (accountClaim) await trx.deleteFrom('first_purchase_offer_claims').where('user_id', '=', guestId).execute();
  else
    await trx
      .updateTable('first_purchase_offer_claims')
      .set({ user_id: accountId })
      .where('user_id', '=', guestId)
      .execute();
  await syncGold(trx, accountId, at);
  await syncGold(trx, guestId, at);
}
