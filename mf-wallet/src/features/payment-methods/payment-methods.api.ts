/** Saved cards (§7 Payments). Known fields per §3: id and is_default; the API adds the card's face. */
import { baseApi } from '@cliffhanger/shared';

export interface PaymentMethod {
  id: number;
  payment_method_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
  created_at: string;
}

export interface DevCardAnswer {
  payment_method_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface SetupIntent {
  client_secret: string;
  setup_intent_id: string;
}

export const paymentMethodsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    walletPaymentMethods: build.query<PaymentMethod[], void>({
      query: () => ({ url: '/payment-methods/' }),
      transformResponse: (answer: PaymentMethod[] | { results: PaymentMethod[] } | null) =>
        Array.isArray(answer) ? answer : (answer?.results ?? []),
      providesTags: ['PaymentMethod'],
    }),
    /** The dev provider's card check: a typed card in, a payment method id (brand, last 4, expiry) out. */
    walletDevCard: build.mutation<DevCardAnswer, { number: string; exp_month: number; exp_year: number; cvc: string }>({
      query: (card) => ({ url: '/dev-payment-methods/', method: 'POST', body: card }),
    }),
    /** The SetupIntent Stripe Elements confirms a new card against. */
    walletSetupIntent: build.mutation<SetupIntent, void>({
      query: () => ({ url: '/payment-methods/setup-intent/', method: 'POST' }),
    }),
  }),
});

export const { useWalletPaymentMethodsQuery, useWalletSetupIntentMutation, useWalletDevCardMutation } =
  paymentMethodsApi;

/** Only the chosen card is the default afterwards (§4). */
export function markDefault(methods: PaymentMethod[], id: number): void {
  for (const method of methods) method.is_default = method.id === id;
}
