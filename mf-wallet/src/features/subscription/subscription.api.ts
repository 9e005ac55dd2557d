/** Gold plans and the viewer's subscription (product.md#gold); a 404 on the active one means none (product.md#gold). */
import {
  baseApi,
  type CheckoutSession,
  type GoldOffer,
  type GoldPlan,
  SEND_ONCE,
  type Subscription,
} from '@cliffhanger/shared';
import type { SubscriptionChange } from './subscription.slice';

export type { GoldOffer, GoldPlan };

/** The viewer's current Gold subscription (GET /api/subscriptions/active/). */
export type ActiveSubscription = Subscription;

/** Whether an answer is a subscription (an empty or refused answer is not). */
export const isSubscription = (answer: unknown): answer is ActiveSubscription =>
  !!answer && typeof answer === 'object' && 'id' in answer;

export const subscriptionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    walletGoldPlans: build.query<GoldPlan[], void>({
      query: () => ({ url: '/subscriptions/plans/' }),
      transformResponse: (answer: GoldPlan[] | { results: GoldPlan[] } | null) =>
        Array.isArray(answer) ? answer : (answer?.results ?? []),
    }),
    walletGoldOffer: build.query<GoldOffer, void>({
      query: () => ({ url: '/subscriptions/gold-offer/' }),
      providesTags: ['Series'],
    }),
    walletActiveSubscription: build.query<ActiveSubscription | null, void>({
      query: () => ({ url: '/subscriptions/active/' }),
      transformResponse: (answer: ActiveSubscription | null) => (isSubscription(answer) ? answer : null),
      providesTags: ['Subscription'],
    }),
    /** Opens a payment page for a Gold plan; Gold starts with the payment's webhook. */
    walletCreateSubscription: build.mutation<CheckoutSession | null, { plan: string; returnTo?: string }>({
      query: ({ plan, returnTo }) => ({
        url: '/subscriptions/create/',
        method: 'POST',
        body: { plan, ...(returnTo ? { return_to: returnTo } : {}) },
      }),
      extraOptions: SEND_ONCE,
    }),
    /** Cancel or reactivate: the answer replaces the cached active subscription (product.md#gold). */
    walletChangeSubscription: build.mutation<ActiveSubscription | null, SubscriptionChange>({
      query: (change) => ({ url: `/subscriptions/${change}/`, method: 'POST' }),
      transformResponse: (answer: unknown) => (isSubscription(answer) ? answer : null),
      extraOptions: SEND_ONCE,
      async onQueryStarted(_change, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data) dispatch(subscriptionApi.util.upsertQueryData('walletActiveSubscription', undefined, data));
        } catch {
          // the saga tells the viewer
        }
      },
    }),
  }),
});

export const { useWalletGoldPlansQuery, useWalletActiveSubscriptionQuery, useWalletGoldOfferQuery } = subscriptionApi;
