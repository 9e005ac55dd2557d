/** Saved cards (product.md#payments). Known fields per product.md#entities: id and is_default; the API adds the card's face. */
import { baseApi, type DevCard, type PaymentMethod, SEND_ONCE, type SetupIntent } from '@cliffhanger/shared';

export type { PaymentMethod };

/** A list answer, or null when the server answered something else (an empty body). */
const listOrNull = (answer: unknown): PaymentMethod[] | null => (Array.isArray(answer) ? answer : null);

export const paymentMethodsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    walletPaymentMethods: build.query<PaymentMethod[], void>({
      query: () => ({ url: '/payment-methods/' }),
      transformResponse: (answer: PaymentMethod[] | { results: PaymentMethod[] } | null) =>
        Array.isArray(answer) ? answer : (answer?.results ?? []),
      providesTags: ['PaymentMethod'],
    }),
    /** The dev provider's card check: a typed card in, a payment method id (brand, last 4, expiry) out. */
    walletDevCard: build.mutation<DevCard, { number: string; exp_month: number; exp_year: number; cvc: string }>({
      query: (card) => ({ url: '/dev-payment-methods/', method: 'POST', body: card }),
    }),
    /** The SetupIntent Stripe Elements confirms a new card against. */
    walletSetupIntent: build.mutation<SetupIntent, void>({
      query: () => ({ url: '/payment-methods/setup-intent/', method: 'POST' }),
    }),
    /** Saves a card the processor checked; the list is read again. */
    walletAddPaymentMethod: build.mutation<PaymentMethod, string>({
      query: (paymentMethodId) => ({
        url: '/payment-methods/',
        method: 'POST',
        body: { payment_method_id: paymentMethodId },
      }),
      extraOptions: SEND_ONCE,
      invalidatesTags: (_method, error) => (error ? [] : ['PaymentMethod']),
    }),
    /** Removes a card; the answer is the list left, or nothing, and then the list is read again. */
    walletRemovePaymentMethod: build.mutation<PaymentMethod[] | null, number>({
      query: (id) => ({ url: `/payment-methods/${id}/`, method: 'DELETE' }),
      transformResponse: listOrNull,
      extraOptions: SEND_ONCE,
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data) dispatch(paymentMethodsApi.util.upsertQueryData('walletPaymentMethods', undefined, data));
          else dispatch(paymentMethodsApi.util.invalidateTags(['PaymentMethod']));
        } catch {
          // the list is unchanged
        }
      },
    }),
    /** Only the chosen card is the default (product.md#payments): the cached list changes at once, and back if refused. */
    walletSetDefaultPaymentMethod: build.mutation<PaymentMethod[] | null, number>({
      query: (id) => ({ url: `/payment-methods/${id}/set-default/`, method: 'POST' }),
      transformResponse: listOrNull,
      extraOptions: SEND_ONCE,
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          paymentMethodsApi.util.updateQueryData('walletPaymentMethods', undefined, (list) => markDefault(list, id)),
        );
        try {
          const { data } = await queryFulfilled;
          if (data) dispatch(paymentMethodsApi.util.upsertQueryData('walletPaymentMethods', undefined, data));
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useWalletPaymentMethodsQuery, useWalletSetupIntentMutation, useWalletDevCardMutation } =
  paymentMethodsApi;

/** Only the chosen card is the default afterwards (product.md#payments). */
export function markDefault(methods: PaymentMethod[], id: number): void {
  for (const method of methods) method.is_default = method.id === id;
}
