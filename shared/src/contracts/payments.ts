/**
 * The payment answers (product.md#payments, product.md#coins): saved cards, the dev provider's card
 * check, SetupIntents and PaymentIntents, the payment page a purchase or a subscription continues on,
 * and the transactions list. The API answers them; the wallet reads them.
 */
import { Type } from '@sinclair/typebox';
import { LinkedPage, Nullable } from './common';

/** A saved card: the processor's payment method id and the card's face. */
export const PaymentMethodSchema = Type.Object({
  id: Type.Integer(),
  payment_method_id: Type.String(),
  brand: Type.String(),
  last4: Type.String(),
  exp_month: Type.Integer(),
  exp_year: Type.Integer(),
  is_default: Type.Boolean(),
  created_at: Type.String(),
});

/** The dev provider's card check (`POST /api/dev-payment-methods/`): a payment method id to save. */
export const DevCardAnswer = Type.Object({
  payment_method_id: Type.String(),
  brand: Type.String(),
  last4: Type.String(),
  exp_month: Type.Integer(),
  exp_year: Type.Integer(),
});

/** The SetupIntent a new card is confirmed against (`POST /api/payment-methods/setup-intent/`). */
export const SetupIntentAnswer = Type.Object({ client_secret: Type.String(), setup_intent_id: Type.String() });

/** A PaymentIntent for a coin package (`POST /api/payments/create-intent/`). */
export const IntentAnswer = Type.Object({
  payment_intent_id: Type.String(),
  client_secret: Type.String(),
  amount: Type.Number(),
  currency: Type.String(),
  status: Type.String(),
  coins: Type.Integer(),
});

/**
 * A PaymentIntent confirmed with the default saved card (`POST /api/payments/confirm/`). `status` is
 * the processor's vocabulary: succeeded, processing, requires_payment_method, requires_action …
 */
export const ConfirmAnswerSchema = Type.Object({
  payment_intent_id: Type.String(),
  status: Type.String(),
  amount: Type.Number(),
  currency: Type.String(),
  coins: Type.Integer(),
  balance: Type.Integer(),
});

/** The payment page a coin purchase or a Gold subscription continues on. */
export const CheckoutAnswer = Type.Object({ session_id: Type.String(), url: Type.String() });

/** One line of `GET /api/transactions/`: a ledger row or a payment. */
export const TransactionSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  description: Type.String(),
  amount: Nullable(Type.Number()),
  currency: Nullable(Type.String()),
  coins: Type.Integer(),
  /** Coins this row left owing: a refund or dispute of coins already spent (paid from the next coins). */
  owed: Type.Integer({ minimum: 0 }),
  /** A line of a guest profile merged into this account (made "as guest"); its balance_after is null. */
  as_guest: Type.Boolean(),
  status: Type.String(),
  balance_after: Nullable(Type.Integer()),
  created_at: Type.String(),
});
export const TransactionsPageSchema = LinkedPage(TransactionSchema);
