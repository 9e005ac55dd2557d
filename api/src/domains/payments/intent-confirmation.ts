/**
 * POST /api/payments/confirm/: confirms a payment intent with the user's default saved card. With
 * Stripe the processor decides and its webhook fulfils; the dev provider settles at once by sending
 * the matching signed event (a `pm_card_chargeDeclined` default card is declined, as in Stripe's
 * test mode). A card whose bank asks the cardholder to confirm (3-D Secure) answers `requires_action`:
 * the intent is cancelled and the viewer continues on the payment page (`pm_card_authenticationRequired`
 * and the typed test numbers 4000 0027 6000 3184 and 4000 0025 0000 3155 do this on the dev provider).
 */
import type { PaymentConfirmation } from '@cliffhanger/shared/entities';
import type { AppContext } from '../../context';
import type { PaymentRow, UserRow } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { balanceOf } from '../coins/coins.service';
import { cancelPendingPayment, settleDevIntent } from './dev-checkout';
import { DEV_DECLINED_CARD } from './payment-provider';
import { defaultPaymentMethodId, findOwnPayment, fromMinor } from './payments.service';
import { type PaymentsRuntime, requireProvider, viaProvider } from './payments-runtime';

const statusOfRow = (row: PaymentRow) =>
  row.status === 'succeeded'
    ? 'succeeded'
    : row.status === 'failed'
      ? 'requires_payment_method'
      : row.status === 'canceled' || row.status === 'expired'
        ? 'canceled'
        : 'processing';

export async function confirmPaymentIntent(
  ctx: AppContext,
  runtime: PaymentsRuntime,
  viewer: UserRow,
  paymentIntentId: string,
): Promise<PaymentConfirmation> {
  const provider = requireProvider(runtime);
  const payment = await findOwnPayment(ctx, viewer, paymentIntentId);
  if (payment.kind !== 'intent') throw notFound('Payment not found');
  const answer = async (status: string): Promise<PaymentConfirmation> => ({
    payment_intent_id: payment.provider_ref,
    status,
    amount: fromMinor(payment.amount_minor),
    currency: payment.currency,
    coins: payment.coins,
    balance: await balanceOf(ctx, viewer.id),
  });
  // Settled, or closed unpaid (an intent left unconfirmed for an hour is not charged after all).
  if (payment.status === 'succeeded' || payment.status === 'canceled' || payment.status === 'expired') {
    return answer(statusOfRow(payment));
  }

  const paymentMethod = await defaultPaymentMethodId(ctx, viewer.id);
  if (provider.kind === 'dev' && !paymentMethod)
    throw badRequest('Add a card first: there is no saved payment method to charge');
  const result = await viaProvider(() => provider.confirmPaymentIntent(payment.provider_ref, paymentMethod));
  if (result.status === 'requires_action') {
    // The bank wants the cardholder to confirm (3-D Secure). This intent is given up, so it never lingers
    // as "awaiting payment", and the viewer pays on the payment page, where the bank can ask.
    await viaProvider(() => provider.cancelPaymentIntent(payment.provider_ref));
    await cancelPendingPayment(ctx, payment);
    return answer('requires_action');
  }
  if (provider.kind === 'dev') {
    const declined = result.status !== 'succeeded' || paymentMethod === DEV_DECLINED_CARD;
    await settleDevIntent(ctx, runtime, payment, declined ? 'declined' : 'succeeded');
    if (declined) throw new HttpError(402, 'Your card was declined.', { payment_intent_id: payment.provider_ref });
    return answer(statusOfRow(await findOwnPayment(ctx, viewer, paymentIntentId)));
  }
  return answer(result.status);
}
