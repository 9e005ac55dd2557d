/**
 * The first-purchase offer (product.md#coins, "a first-purchase offer when staff configured one"): staff point
 * one coin package at either extra coins or a lower price for a viewer's first top-up. The server
 * decides who is eligible and what the checkout charges; these are the shapes both sides read.
 */
import type { Translations } from './localized-text';

/** The label every screen shows on the package that carries the offer. */
export const FIRST_PURCHASE_OFFER_LABEL = 'First top-up offer';

/** What the offer changes: more coins for the package's price, or the package's coins for less. */
export type FirstPurchaseOfferKind = 'extra_coins' | 'lower_price';

/** The offer as staff configure it (`first_purchase_offer` in the settings; null when none). */
export interface FirstPurchaseOfferSetting {
  enabled: boolean;
  package_id: number;
  kind: FirstPurchaseOfferKind;
  /** With `extra_coins`: coins added on top of the package's coins and bonus. */
  extra_coins?: number;
  /** With `lower_price`: the price charged instead of the package's, in major units. */
  price?: number;
  /** What viewers see, e.g. "Your first top-up: double coins". */
  title: string;
  /** The title in other languages, `{ ru: { title } }`; a language without one shows `title`. */
  translations?: Translations;
  /** ISO 8601 UTC; the offer ends at this moment. Absent: no end date. */
  ends_at?: string;
}

/** `GET /api/coins/first-purchase-offer/`: the offer this viewer would get now, or null. */
export interface FirstPurchaseOfferView {
  package_id: number;
  kind: FirstPurchaseOfferKind;
  title: string;
  /** The title by language (`localizedTitle` picks the viewer's). */
  translations?: Translations;
  /** Every coin the viewer gets with the offer (package coins, bonus and extra). */
  coins: number;
  /** What the checkout charges. */
  price: number;
  /** The package's usual coins and price, to show what the offer changes. */
  regular_coins: number;
  regular_price: number;
  currency: string;
  ends_at: string | null;
}

export interface FirstPurchaseOfferAnswer {
  offer: FirstPurchaseOfferView | null;
}
