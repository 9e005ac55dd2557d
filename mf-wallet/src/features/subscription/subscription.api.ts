/** Gold plans and the viewer's subscription (§7 Subscriptions); a 404 on the active one means none (§8). */
import { baseApi, type Subscription } from '@cliffhanger/shared';

export interface GoldPlan {
  id: string;
  name: string;
  interval: 'month' | 'year';
  price: number;
  currency: string;
  title?: string;
}

/** What Gold opens, counted by the server from the catalogue. */
export interface GoldOffer {
  coin_episodes: number;
  gold_exclusive_series: number;
  gold_only_episodes: number;
  gold_exclusive_free_episodes: number;
}

export type ActiveSubscription = Subscription & { interval?: 'month' | 'year' | null };

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
      transformResponse: (answer: ActiveSubscription | null) =>
        answer && typeof answer === 'object' && 'id' in answer ? answer : null,
      providesTags: ['Subscription'],
    }),
  }),
});

export const { useWalletGoldPlansQuery, useWalletActiveSubscriptionQuery, useWalletGoldOfferQuery } = subscriptionApi;
