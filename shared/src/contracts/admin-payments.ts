/**
 * The staff's payments desk (`/api/admin/payments/`): every recorded payment with who paid, what for,
 * how much went back (refunds, disputes) and what that did to the viewer's coins and Gold, one payment's
 * history, and a refund made from the admin. The API validates and documents with these; the admin
 * reads them as types.
 */
import { Type } from '@sinclair/typebox';
import { Nullable } from './common';

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'canceled', 'expired'] as const;

/** One payment as staff see it in the list. */
export const AdminPaymentSchema = Type.Object({
  id: Type.Integer(),
  user_id: Type.Integer(),
  /** Null for a guest. */
  user_email: Nullable(Type.String()),
  user_username: Type.String(),
  /** coins: a coin pack; gold: a Gold plan; intent: a one-tap purchase with a saved card. */
  kind: Type.String(),
  /** What was bought, as the receipt says it (the pack or the plan). */
  description: Type.String(),
  package_id: Nullable(Type.Integer()),
  plan: Nullable(Type.String()),
  amount_minor: Type.Integer(),
  currency: Type.String(),
  status: Type.String(),
  provider: Type.String(),
  /** The last digits of the card the viewer saved with us, when they saved one (the processor keeps the rest). */
  card_last4: Nullable(Type.String()),
  refunded_minor: Type.Integer(),
  disputed_minor: Type.Integer(),
  /** open: the bank holds the money; won: it came back; lost: it is gone. */
  dispute_status: Nullable(Type.String()),
  /** Coins the payment bought, and how many of them its refunds and disputes took back. */
  coins: Type.Integer(),
  coins_reversed: Type.Integer(),
  /** Coins still owed because the viewer had spent them before the money went back. */
  coins_owed: Type.Integer(),
  /** A Gold payment refunded in full or lost to a dispute ended the Gold it paid for. */
  gold_ended: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
});

/** A coin movement a payment caused (its purchase, reversals and what they left owed). */
export const PaymentLedgerRowSchema = Type.Object({
  id: Type.Integer(),
  delta: Type.Integer(),
  reason: Type.String(),
  reference: Nullable(Type.String()),
  balance_after: Type.Integer(),
  note: Nullable(Type.String()),
  created_at: Type.String(),
});

/** A staff action on a payment, from the audit log (a refund, with the reason the staff gave). */
export const PaymentStaffActionSchema = Type.Object({
  id: Type.Integer(),
  action: Type.String(),
  actor_email: Nullable(Type.String()),
  amount_minor: Nullable(Type.Integer()),
  reason: Nullable(Type.String()),
  created_at: Type.String(),
});

/** `GET /api/admin/payments/{id}/`: the payment with its history. */
export const AdminPaymentDetailSchema = Type.Object({
  payment: AdminPaymentSchema,
  /** What the payment can still give back (amount minus refunds so far); 0 when nothing can be refunded. */
  refundable_minor: Type.Integer(),
  ledger: Type.Array(PaymentLedgerRowSchema),
  debts: Type.Array(
    Type.Object({ id: Type.Integer(), coins: Type.Integer(), outstanding: Type.Integer(), created_at: Type.String() }),
  ),
  staff_actions: Type.Array(PaymentStaffActionSchema),
});

/** `POST /api/admin/payments/{id}/refund/`. */
export const PaymentRefundBody = Type.Object({
  /** Minor units; absent: everything still refundable. */
  amount_minor: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000 })),
  /** Kept in the audit log and on the ledger row that takes the coins back. */
  reason: Type.String({ minLength: 3, maxLength: 500 }),
  /** The same key twice refunds once. */
  idempotency_key: Type.String({ minLength: 8, maxLength: 100 }),
});

export const PaymentRefundAnswer = Type.Object({
  /** False: this key refunded already; nothing happened the second time. */
  applied: Type.Boolean(),
  refunded_minor: Type.Integer(),
  payment: AdminPaymentSchema,
});
