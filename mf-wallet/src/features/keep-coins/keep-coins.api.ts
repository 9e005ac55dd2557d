/** The guest's address to keep its coins with (POST /auth/keep-coins/): the server mails a link there. */
import { baseApi } from '@cliffhanger/shared';

export const keepCoinsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    walletKeepCoins: build.mutation<{ message?: string }, { email: string }>({
      query: (body) => ({ url: '/auth/keep-coins/', method: 'POST', body }),
    }),
  }),
});

export const { useWalletKeepCoinsMutation } = keepCoinsApi;
