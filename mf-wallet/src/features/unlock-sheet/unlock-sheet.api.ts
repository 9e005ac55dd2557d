/** What unlocking the rest of a series costs this viewer: the server's total, never computed here. */
import {
  baseApi,
  type PaymentConfirmation,
  type PaymentIntent,
  SEND_ONCE,
  type SeriesUnlockAnswer,
  type SeriesUnlockQuote,
} from '@cliffhanger/shared';

export type { PaymentConfirmation, PaymentIntent, SeriesUnlockAnswer, SeriesUnlockQuote };

export const unlockSheetApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    walletSeriesUnlockQuote: build.query<SeriesUnlockQuote, number>({
      query: (seriesId) => ({ url: `/series/${seriesId}/unlock-all/` }),
      keepUnusedDataFor: 0,
      providesTags: ['Transaction'],
    }),
    /** A PaymentIntent for a coin package, charged to the saved default card. */
    walletCreatePaymentIntent: build.mutation<
      PaymentIntent,
      { packageId: number; amount: number; currency: string; idempotencyKey: string }
    >({
      query: ({ packageId, amount, currency, idempotencyKey }) => ({
        url: '/payments/create-intent/',
        method: 'POST',
        body: { amount, currency, package_id: packageId, idempotency_key: idempotencyKey },
      }),
      extraOptions: SEND_ONCE,
    }),
    /** Confirms it off-session; the coins come from the processor's verified webhook. */
    walletConfirmPayment: build.mutation<PaymentConfirmation, string>({
      query: (paymentIntentId) => ({
        url: '/payments/confirm/',
        method: 'POST',
        body: { payment_intent_id: paymentIntentId },
      }),
      extraOptions: SEND_ONCE,
    }),
    /** Unlocks the rest of a series for the total the server quoted. */
    walletUnlockSeries: build.mutation<SeriesUnlockAnswer, { seriesId: number; coins: number }>({
      query: ({ seriesId, coins }) => ({ url: `/series/${seriesId}/unlock-all/`, method: 'POST', body: { coins } }),
      extraOptions: SEND_ONCE,
    }),
  }),
});

export const { useWalletSeriesUnlockQuoteQuery } = unlockSheetApi;
