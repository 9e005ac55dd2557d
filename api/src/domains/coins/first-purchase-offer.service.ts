/**
 * The first-purchase offer (product.md#coins): staff run at most one, on one coin package (the
 * `first_purchase_offer` setting). Who gets it is the server's decision alone: a viewer — guest or
 * registered — who has never completed a payment here (coins or Gold; after a guest merge the merged
 * history counts) and holds no claim on it yet.
 *
 * The offer is used at most once per viewer. Starting a checkout for the offer's package claims it
 * first, in a money transaction with the viewer's row locked: one row per viewer in
 * `first_purchase_offer_claims`. A concurrent start finds the claim and is charged the usual price;
 * a retry of the same start (same idempotency key) keeps the offer, so it answers the same checkout.
 * The checkout records the offer's price and coins, and the webhook credits what the checkout
 * recorded, once. A checkout that is cancelled, expires or fails gives the claim back.
 */
import { FIRST_PURCHASE_OFFER_LABEL } from '@cliffhanger/shared/first-purchase-offer';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { Executor } from '../../db/schema';
import { lockUser, moneyTransaction } from '../../kernel/money-transaction';
import type { CoinPackage, FirstPurchaseOffer } from '../settings/settings.schemas';
import { getSetting } from '../settings/settings.service';
import * as repo from './first-purchase-offer.repository';

/**
 * A claim never tied to a checkout (the processor failed, the process stopped between the claim and
 * the checkout's record) is given back after this long.
 */
export const OFFER_CLAIM_UNRECORDED_MS = 10 * 60 * 1000;

/** What a checkout of the offer's package charges and credits. */
export interface OfferTerms {
  package_id: number;
  kind: FirstPurchaseOffer['kind'];
  title: string;
  /** The title by language staff wrote, when any (`{ ru: { title } }`). */
  translations?: FirstPurchaseOffer['translations'];
  coins: number;
  price: number;
  regular_coins: number;
  regular_price: number;
  currency: string;
  ends_at: string | null;
}

const minor = (amount: number) => Math.round(amount * 100);

/** The offer's terms when it runs now: switched on, not ended, on a package still on sale. */
export function offerTerms(offer: FirstPurchaseOffer | null, packages: CoinPackage[], now: Date): OfferTerms | null {
  if (!offer?.enabled) return null;
  if (offer.ends_at !== undefined && Date.parse(offer.ends_at) <= now.getTime()) return null;
  const pkg = packages.find((candidate) => candidate.id === offer.package_id);
  if (!pkg) return null;
  const regularCoins = pkg.coins + pkg.bonus_coins;
  if (offer.kind === 'extra_coins' && !offer.extra_coins) return null;
  // Staff may have lowered the package's price below the offer since: then it is no offer at all.
  if (offer.kind === 'lower_price' && (offer.price === undefined || minor(offer.price) >= minor(pkg.price)))
    return null;
  return {
    package_id: pkg.id,
    kind: offer.kind,
    title: offer.title.trim(),
    ...(offer.translations ? { translations: offer.translations } : {}),
    coins: offer.kind === 'extra_coins' ? regularCoins + (offer.extra_coins ?? 0) : regularCoins,
    price: offer.kind === 'lower_price' ? (offer.price ?? pkg.price) : pkg.price,
    regular_coins: regularCoins,
    regular_price: pkg.price,
    currency: pkg.currency,
    ends_at: offer.ends_at ?? null,
  };
}

export async function runningOffer(ctx: AppContext): Promise<OfferTerms | null> {
  const [offer, packages] = await Promise.all([
    getSetting(ctx, 'first_purchase_offer'),
    getSetting(ctx, 'coin_packages'),
  ]);
  return offerTerms(offer, packages, ctx.now());
}

/** The offer this viewer would get on a checkout started now, or null (the viewer's screens). */
export async function offerForViewer(ctx: AppContext, userId: number | null): Promise<OfferTerms | null> {
  if (userId === null) return null;
  const terms = await runningOffer(ctx);
  if (!terms) return null;
  if ((await repo.hasClaim(ctx.db, userId)) || (await repo.hasPaid(ctx.db, userId))) return null;
  return terms;
}

/**
 * Claims the offer for a checkout of `packageId` about to be opened, and answers its terms; null
 * when this checkout is at the usual price (no offer on this package, the viewer has paid before, or
 * the offer is already claimed by another checkout). `checkoutKey` is the keyed idempotency key of
 * this start, when it has one.
 */
export async function claimOffer(
  ctx: AppContext,
  userId: number,
  packageId: number,
  checkoutKey: string | null,
): Promise<OfferTerms | null> {
  const terms = await runningOffer(ctx);
  if (terms?.package_id !== packageId) return null;
  const claimed = await moneyTransaction(ctx, async (trx) => {
    await lockUser(ctx, trx, userId);
    const at = nowIso(ctx);
    const claim = await repo.findClaim(trx, userId);
    if (claim) {
      if (checkoutKey !== null && claim.checkout_key === checkoutKey) return true;
      const unrecorded = claim.payment_id === null;
      const since = Date.parse(String(claim.claimed_at));
      if (!unrecorded || ctx.now().getTime() - since < OFFER_CLAIM_UNRECORDED_MS) return false;
      await repo.reclaim(trx, userId, checkoutKey, at);
      return true;
    }
    if (await repo.hasPaid(trx, userId)) return false;
    await repo.insertClaim(trx, userId, checkoutKey, at);
    return true;
  });
  return claimed ? terms : null;
}

/** Ties the viewer's claim to the checkout recorded for it. */
export async function recordOfferCheckout(ctx: AppContext, userId: number, paymentId: number): Promise<void> {
  await repo.setClaimPayment(ctx.db, userId, paymentId);
}

/** Gives back a claim whose checkout never opened (the processor refused, the key was reused). */
export async function releaseUnopenedClaim(ctx: AppContext, userId: number): Promise<void> {
  await repo.deleteUnopenedClaim(ctx.db, userId);
}

/** Gives back the claim of a checkout that was cancelled, expired or failed: the offer is still the viewer's. */
export async function releaseOfferOfPayment(db: Executor, paymentId: number): Promise<void> {
  await repo.deleteClaimOfPayment(db, paymentId);
}

/** How a checkout carrying the offer is described on the payment page and in the transactions list. */
export function describeOffer(terms: Pick<OfferTerms, 'coins'>): string {
  return `${FIRST_PURCHASE_OFFER_LABEL}: ${terms.coins} coins`;
}
