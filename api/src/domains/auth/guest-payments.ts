/**
 * What a guest paid for follows it into the account it signs in to (product.md#accounts): its
 * Gold subscriptions, its payment history and its claim on the first-purchase offer. Coins and unlocks
 * are moved by the guest merge (guest-merge.service.ts), which calls this inside the same transaction.
 * Saved cards stay with the guest: they are attached to the guest's customer at the card processor.
 */
import type { Trx } from '../../db/schema';
import { syncGold } from '../users/gold-membership.repository';
import {
  deleteFirstPurchaseClaim,
  giveFirstPurchaseClaim,
  givePayments,
  giveSubscriptions,
  hasFirstPurchaseClaim,
  hasSucceededPayment,
  markPremium,
} from './guest-merge.repository';

export async function moveGuestPayments(trx: Trx, guestId: number, accountId: number, at: string) {
  await giveSubscriptions(trx, guestId, accountId, at);
  // The guest stays named on its payments, so the account's transactions can mark them "as guest".
  const moved = await givePayments(trx, guestId, accountId);
  if (moved > 0 && (await hasSucceededPayment(trx, accountId))) await markPremium(trx, accountId);
  // The first-purchase offer: a claim of the guest's becomes the account's, unless the account has one.
  if (await hasFirstPurchaseClaim(trx, accountId)) await deleteFirstPurchaseClaim(trx, guestId);
  else await giveFirstPurchaseClaim(trx, guestId, accountId);
  await syncGold(trx, accountId, at);
  await syncGold(trx, guestId, at);
}
