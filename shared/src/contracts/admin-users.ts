/**
 * What the staff API answers about viewers (product.md#admin): a user as staff see them, their coin
 * ledger, unlocks and Gold subscriptions, a coin adjustment, and the subscriptions list. The API
 * validates and documents with these; the admin reads them as types (`AdminUser`, … in entities.ts).
 */
import { Type } from '@sinclair/typebox';
import { Nullable } from './common';
import { SubscriptionSchema, UserSchema } from './users';

/** The User (product.md#entities) as staff see it: with the account state and Gold end the viewer's own profile leaves out. */
export const AdminUserSchema = Type.Object({
  ...UserSchema.properties,
  is_active: Type.Boolean(),
  gold_until: Nullable(Type.String()),
  last_login_at: Nullable(Type.String()),
});

/** One movement of a user's coins (`coin_ledger`), with the balance it left. */
export const LedgerEntrySchema = Type.Object({
  id: Type.Integer(),
  delta: Type.Integer(),
  /** One of LEDGER_REASONS (ledger.ts). */
  reason: Type.String(),
  reference: Nullable(Type.String()),
  balance_after: Type.Integer(),
  created_at: Type.String(),
});

/** An episode a user unlocked, and for how many coins. */
export const UserUnlockSchema = Type.Object({
  id: Type.Integer(),
  episode_id: Type.Integer(),
  coin_cost: Type.Integer(),
  created_at: Type.String(),
  episode_number: Type.Integer(),
  episode_title: Type.String(),
  series_id: Type.Integer(),
  series_title: Type.String(),
});

/** A user's page for staff (`GET /api/admin/users/{id}/`). */
export const UserDetailSchema = Type.Object({
  user: AdminUserSchema,
  /** The newest 100 ledger entries (GET …/ledger/ pages through all of them). */
  ledger: Type.Array(LedgerEntrySchema),
  /** The newest 100 unlocked episodes (GET …/unlocks/ pages through all of them). */
  unlocks: Type.Array(UserUnlockSchema),
  subscriptions: Type.Array(SubscriptionSchema),
});

/** A staff grant or deduction of coins. */
export const CoinAdjustmentAnswer = Type.Object({
  user_id: Type.Integer(),
  /** False when the idempotency key was used already: nothing changed the second time. */
  applied: Type.Boolean(),
  balance: Type.Integer(),
});

/** A Gold subscription in the staff list: with whose it is and how it is paid. */
export const AdminSubscriptionSchema = Type.Object({
  ...SubscriptionSchema.properties,
  user_id: Type.Integer(),
  /** Null for a guest. */
  user_email: Nullable(Type.String()),
  user_username: Type.String(),
  provider: Type.Union([Type.Literal('stripe'), Type.Literal('dev')]),
});
