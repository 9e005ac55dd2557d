/** The viewer's transactions (product.md#payments), newest first, one page at a time (paginated lists, product.md#entities). */
import { baseApi, type Language, type Paginated } from '@cliffhanger/shared';

export interface Transaction {
  id: string | number;
  type: string;
  description: string;
  /** Money paid, in major units; null when only coins moved. */
  amount: number | null;
  currency: string | null;
  /** Coins added (positive) or spent (negative). */
  coins: number;
  /** Coins this row left owing (a refund or dispute of coins already spent). */
  owed?: number;
  status?: 'succeeded' | 'pending' | 'failed' | 'canceled';
  created_at: string;
}

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
        if (Array.isArray(answer)) return { results: answer, count: answer.length, next: null };
        return { results: answer?.results ?? [], count: answer?.count ?? 0, next: answer?.next ?? null };
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
