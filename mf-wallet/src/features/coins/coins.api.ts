/** The coin packages on sale (§7 Coins). The balance itself is the session's (shell), read by selector. */
import { baseApi, type FirstPurchaseOfferAnswer, type FirstPurchaseOfferView } from '@cliffhanger/shared';

export interface CoinPackage {
  id: number;
  coins: number;
  bonus_coins: number;
  price: number;
  currency: string;
  title: string;
  is_popular: boolean;
}

/** The balance with the coins owed after a refund or dispute of coins already spent. */
export interface WalletBalance {
  balance: number;
  owed: number;
}

export const coinsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    walletBalance: build.query<WalletBalance, void>({
      query: () => ({ url: '/coins/balance/' }),
      transformResponse: (answer: Partial<WalletBalance> | null) => ({
        balance: typeof answer?.balance === 'number' ? answer.balance : 0,
        owed: typeof answer?.owed === 'number' && answer.owed > 0 ? answer.owed : 0,
      }),
      // Anything that moves coins refreshes the transactions, and with them what is owed.
      providesTags: ['Transaction'],
    }),
    walletCoinPackages: build.query<CoinPackage[], void>({
      query: () => ({ url: '/coins/packages/' }),
      // A refused (CORS) request answers null (§8): no packages rather than a crash.
      transformResponse: (answer: CoinPackage[] | { results: CoinPackage[] } | null) =>
        Array.isArray(answer) ? answer : (answer?.results ?? []),
    }),
    /** The first-purchase offer when the server says it is this viewer's; null otherwise. */
    walletFirstPurchaseOffer: build.query<FirstPurchaseOfferView | null, void>({
      query: () => ({ url: '/coins/first-purchase-offer/' }),
      transformResponse: (answer: FirstPurchaseOfferAnswer | null) => answer?.offer ?? null,
      // A purchase (or a cancelled checkout) changes who gets it.
      providesTags: ['Transaction'],
    }),
  }),
});

export const { useWalletCoinPackagesQuery, useWalletBalanceQuery, useWalletFirstPurchaseOfferQuery } = coinsApi;
