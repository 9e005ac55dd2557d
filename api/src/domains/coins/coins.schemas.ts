/** Schemas of the coin routes (product.md#coins). */
import { Type } from '@sinclair/typebox';
import { ReturnToPath } from '../../http/schemas';
import { CoinPackageSchema, FirstPurchaseOfferSchema } from '../settings/settings.schemas';

export const BalanceAnswer = Type.Object({
  balance: Type.Integer(),
  /**
   * Coins taken back by a refund or dispute after they were spent: never a negative balance, this
   * debt is paid first from the next coins the viewer gets. 0 when nothing is owed.
   */
  owed: Type.Integer({ minimum: 0 }),
});
export const PackagesAnswer = Type.Array(CoinPackageSchema);
/**
 * A key the client chooses once per money request and sends again with every retry of it (double
 * click, network retry), so the retry changes nothing: the same grant is not applied twice, the same
 * purchase start answers the same checkout session.
 */
export const IdempotencyKey = Type.String({ minLength: 1, maxLength: 100 });

export const PurchaseBody = Type.Object(
  {
    package_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    idempotency_key: Type.Optional(IdempotencyKey),
    /**
     * The product page to come back to after paying or cancelling (the locked episode the unlock sheet
     * was opened on), a path on this site; the coin store when left out. Only a path: the site itself
     * is always the server's choice, so this can never send the browser elsewhere.
     */
    return_to: Type.Optional(ReturnToPath),
    /** With return_to: the episode to unlock as soon as the coins arrive ("unlock after buying" ticked). */
    unlock_episode_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  },
  { additionalProperties: false },
);
export const CheckoutAnswer = Type.Object({ session_id: Type.String(), url: Type.String() });
/** Why staff changed a balance: required for every grant and deduction, kept in the audit log. */
export const GrantReason = Type.String({ minLength: 3, maxLength: 300, pattern: '\\S' });
export const GrantBody = Type.Object(
  {
    user_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    amount: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, not: { const: 0 } }),
    reason: GrantReason,
    idempotency_key: Type.Optional(IdempotencyKey),
  },
  { additionalProperties: false },
);
export const GrantAnswer = Type.Object({ user_id: Type.Integer(), applied: Type.Boolean(), balance: Type.Integer() });

/** `GET /api/coins/first-purchase-offer/` (shared/src/first-purchase-offer.ts: FirstPurchaseOfferAnswer). */
export const FirstPurchaseOfferView = Type.Object({
  package_id: Type.Integer(),
  kind: Type.Union([Type.Literal('extra_coins'), Type.Literal('lower_price')]),
  title: Type.String(),
  /** The title by language as staff wrote it; the viewer's language's title replaces `title`. */
  translations: FirstPurchaseOfferSchema.properties.translations,
  coins: Type.Integer(),
  price: Type.Number(),
  regular_coins: Type.Integer(),
  regular_price: Type.Number(),
  currency: Type.String(),
  ends_at: Type.Union([Type.String(), Type.Null()]),
});
export const FirstPurchaseOfferAnswer = Type.Object({
  /** The offer this viewer gets on a checkout of its package started now; null when none. */
  offer: Type.Union([FirstPurchaseOfferView, Type.Null()]),
});
