/** Schemas of the coin routes (product.md#coins). */
import { Type } from '@sinclair/typebox';
import { ReturnToPath } from '../../http/schemas';

/** The balance, the first-purchase offer and the checkout a viewer reads are declared once in the shared contracts. */
export {
  BalanceAnswer,
  CheckoutAnswer,
  FirstPurchaseOfferAnswer,
  FirstPurchaseOfferView,
} from '@cliffhanger/shared/contracts';

import { CoinPackageSchema } from '@cliffhanger/shared/contracts';

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
