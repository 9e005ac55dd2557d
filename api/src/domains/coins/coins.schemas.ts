/** Schemas of the coin routes (§7 Coins). */
import { Type } from '@sinclair/typebox';
import { CoinPackageSchema } from '../settings/settings.schemas';

export const BalanceAnswer = Type.Object({ balance: Type.Integer() });
export const PackagesAnswer = Type.Array(CoinPackageSchema);
export const PurchaseBody = Type.Object(
  { package_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) },
  { additionalProperties: false },
);
export const CheckoutAnswer = Type.Object({ session_id: Type.String(), url: Type.String() });
export const GrantBody = Type.Object(
  {
    user_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    amount: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000, not: { const: 0 } }),
    idempotency_key: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
export const GrantAnswer = Type.Object({ user_id: Type.Integer(), applied: Type.Boolean(), balance: Type.Integer() });
