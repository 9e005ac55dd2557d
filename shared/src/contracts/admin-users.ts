/**
 * What the staff API answers about viewers (product.md#admin): a user as staff see them, their coin
 * ledger, unlocks and Gold subscriptions, a coin adjustment, and the subscriptions list. The API
 * validates and documents with these; the admin reads them as types (`AdminUser`, … in entities.ts).
 */
import { Type } from '@sinclair/typebox';
import { ASSIGNABLE_ROLES, USER_ROLES } from '../constants';
import { Nullable } from './common';
import { SubscriptionSchema, UserSchema } from './users';

/** The User (product.md#entities) as staff see it: with the account state and Gold end the viewer's own profile leaves out. */
export const AdminUserSchema = Type.Object({
  ...UserSchema.properties,
  /** The one role the flags amount to (USER_ROLES): a superuser is not also listed as "staff". */
  role: Type.Union(USER_ROLES.map((role) => Type.Literal(role))),
  is_active: Type.Boolean(),
  gold_until: Nullable(Type.String()),
  last_login_at: Nullable(Type.String()),
  /**
   * Coins the viewer owes: a refund or dispute took back coins already spent. Their next coins (a
   * purchase, a reward, a staff grant) pay it first. Given in the users list and on a user's page.
   */
  owed: Type.Optional(Type.Integer()),
});

/** The signed-in staff member (`GET /api/admin/me/`), with what they may grant at once. */
export const AdminMeSchema = Type.Object({
  ...AdminUserSchema.properties,
  /** The largest coin grant this person may make in one go (STAFF_GRANT_LIMIT); null: no limit (a superuser). */
  grant_limit: Nullable(Type.Integer()),
});

/** A role a superuser can give a registered account (ASSIGNABLE_ROLES). */
export const AssignableRoleSchema = Type.Union(ASSIGNABLE_ROLES.map((role) => Type.Literal(role)));

/** One movement of a user's coins (`coin_ledger`), with the balance it left. */
export const LedgerEntrySchema = Type.Object({
  id: Type.Integer(),
  delta: Type.Integer(),
  /** One of LEDGER_REASONS (ledger.ts). */
  reason: Type.String(),
  reference: Nullable(Type.String()),
  balance_after: Type.Integer(),
  /** What staff wrote for a grant or deduction; null on every other row. Staff only: viewers see a generic label. */
  note: Nullable(Type.String()),
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
