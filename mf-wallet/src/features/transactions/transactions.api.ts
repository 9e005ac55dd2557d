/** The viewer's transactions (product.md#payments), newest first, one page at a time (paginated lists, product.md#entities). */
import { baseApi, type Language, type Paginated, type Transaction } from '@cliffhanger/shared';

export type { Transaction };

/**
 * One page of the list, in one language: the server words each line in the page's language, so the
 * language is part of what is asked and a page read in English is never shown after a switch to Russian.
 */
export interface TransactionsPageArgs {
  page: number;
  language: Language;
}

export const transactionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    walletTransactions: build.query<Paginated<Transaction>, TransactionsPageArgs>({
      // The language travels as Accept-Language (shared/src/http/api-client.ts); here it keys the cache.
      query: ({ page }) => ({ url: '/transactions/', params: { page } }),
      transformResponse: (answer: Paginated<Transaction> | Transaction[] | null) => {
        if (Array.isArray(answer)) return { results: answer, count: answer.length, next: null, previous: null };
        return {
          results: answer?.results ?? [],
          count: answer?.count ?? 0,
          next: answer?.next ?? null,
          previous: answer?.previous ?? null,
        };
      },
      providesTags: ['Transaction'],
    }),
  }),
});

export const { useWalletTransactionsQuery } = transactionsApi;

/** Newest first, whatever order a page arrives in. */
export function newestFirst(list: Transaction[]): Transaction[] {
  return [...list].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}
