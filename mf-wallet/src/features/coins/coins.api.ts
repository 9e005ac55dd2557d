/** The coin packages on sale (product.md#coins). The balance itself is the session's (shell), read by selector. */
import {
  baseApi,
  type CheckoutSession,
  type CoinBalanceResponse,
  type CoinPackage,
  type FirstPurchaseOfferAnswer,
  type FirstPurchaseOfferView,
  SEND_ONCE,
} from '@cliffhanger/shared';

export type { CheckoutSession, CoinPackage };

/** What the wallet asks of a purchase start; the mutation sends it as the API's body (snake_case). */
export interface CoinPurchase {
  packageId: number;
  /** One key per purchase start: a resent start gets the same checkout session back. */
  idempotencyKey: string;
  returnTo?: string;
  unlockEpisodeId?: number;
}

export const coinsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The balance with the coins owed after a refund or dispute of coins already spent. */
    walletBalance: build.query<CoinBalanceResponse, void>({
      query: () => ({ url: '/coins/balance/' }),
      transformResponse: (answer: Partial<CoinBalanceResponse> | null) => ({
        balance: typeof answer?.balance === 'number' ? answer.balance : 0,
        owed: typeof answer?.owed === 'number' && answer.owed > 0 ? answer.owed : 0,
      }),
      // Anything that moves coins refreshes the transactions, and with them what is owed.
      providesTags: ['Transaction'],
    }),
    walletCoinPackages: build.query<CoinPackage[] | null, void>({
      query: () => ({ url: '/coins/packages/' }),
      // A request that got no answer (CORS, a dropped connection) answers null (product.md#requests): kept
      // as null, so screens say the packs could not be loaded rather than that none are on sale.
      transformResponse: (answer: CoinPackage[] | { results: CoinPackage[] } | null) =>
        answer === null ? null : Array.isArray(answer) ? answer : (answer?.results ?? []),
    }),
    /** The first-purchase offer when the server says it is this viewer's; null otherwise. */
    walletFirstPurchaseOffer: build.query<FirstPurchaseOfferView | null, void>({
      query: () => ({ url: '/coins/first-purchase-offer/' }),
      transformResponse: (answer: FirstPurchaseOfferAnswer | null) => answer?.offer ?? null,
      // A purchase (or a cancelled checkout) changes who gets it.
      providesTags: ['Transaction'],
    }),
    /** Opens a payment page for a coin package; the coins come with the payment's webhook. */
    walletPurchaseCoins: build.mutation<CheckoutSession | null, CoinPurchase>({
      query: ({ packageId, idempotencyKey, returnTo, unlockEpisodeId }) => ({
        url: '/coins/purchase/',
        method: 'POST',
        body: {
          package_id: packageId,
          idempotency_key: idempotencyKey,
          ...(returnTo ? { return_to: returnTo } : {}),
          ...(returnTo && unlockEpisodeId ? { unlock_episode_id: unlockEpisodeId } : {}),
        },
      }),
      extraOptions: SEND_ONCE,
    }),
  }),
});

export const { useWalletCoinPackagesQuery, useWalletBalanceQuery, useWalletFirstPurchaseOfferQuery } = coinsApi;
