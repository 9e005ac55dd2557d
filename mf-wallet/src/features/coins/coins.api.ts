/** The coin packages on sale (§7 Coins). The balance itself is the session's (shell), read by selector. */
import { baseApi } from '@cliffhanger/shared';

export interface CoinPackage {
  id: number;
  coins: number;
  bonus_coins: number;
  price: number;
  currency: string;
  title: string;
  is_popular: boolean;
}

export const coinsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    walletCoinPackages: build.query<CoinPackage[], void>({
      query: () => ({ url: '/coins/packages/' }),
      // A refused (CORS) request answers null (§8): no packages rather than a crash.
      transformResponse: (answer: CoinPackage[] | { results: CoinPackage[] } | null) =>
        Array.isArray(answer) ? answer : (answer?.results ?? []),
    }),
  }),
});

export const { useWalletCoinPackagesQuery } = coinsApi;
