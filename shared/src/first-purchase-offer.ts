/**
 * The first-purchase offer (product.md#coins, "a first-purchase offer when staff configured one"): staff point
 * one coin package at either extra coins or a lower price for a viewer's first top-up. The server
 * decides who is eligible and what the checkout charges; these are the shapes both sides read.
 */
import type { Static } from '@sinclair/typebox';
import type {
  FirstPurchaseOfferAnswer as FirstPurchaseOfferAnswerSchema,
  FirstPurchaseOfferKindSchema,
  FirstPurchaseOfferSchema,
  FirstPurchaseOfferView as FirstPurchaseOfferViewSchema,
} from './contracts/settings';

/** The label every screen shows on the package that carries the offer. */
export const FIRST_PURCHASE_OFFER_LABEL = 'First top-up offer';

// The wire shapes, as contracts/settings.ts declares them (types only: no schema code is bundled).
/** What the offer changes: more coins for the package's price, or the package's coins for less. */
export type FirstPurchaseOfferKind = Static<typeof FirstPurchaseOfferKindSchema>;
/** The offer as staff configure it (`first_purchase_offer` in the settings; null when none). */
export type FirstPurchaseOfferSetting = Static<typeof FirstPurchaseOfferSchema>;
/** `GET /api/coins/first-purchase-offer/`: the offer this viewer would get now, or null. */
export type FirstPurchaseOfferView = Static<typeof FirstPurchaseOfferViewSchema>;
export type FirstPurchaseOfferAnswer = Static<typeof FirstPurchaseOfferAnswerSchema>;
