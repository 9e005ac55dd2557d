/** Schemas of the coin routes (§7 Coins). */
import { Type } from '@sinclair/typebox';
import { CoinPackageSchema } from '../settings/settings.schemas';

export const BalanceAnswer = Type.Object({ balance: Type.Integer() });
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
  },
  { additionalProperties: false },
);
export const CheckoutAnswer = Type.Object({ session_id: Type.String(), url: Type.String() });
export const GrantBody = Type.Object(
  {
    user_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    amount: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, not: { const: 0 } }),
    idempotency_key: Type.Optional(IdempotencyKey),
  },
  { additionalProperties: false },
);
export const GrantAnswer = Type.Object({ user_id: Type.Integer(), applied: Type.Boolean(), balance: Type.Integer() });
