/**
 * The coin balance with its three-step fallback (product.md#coins): GET /users/coins/balance/, then GET
 * /coins/balance/, then the balance last stored in this browser (`coin_balance`). A balance read from
 * the server is stored, so the last step has something recent to offer.
 */
import type { AxiosInstance } from 'axios';
import type { CoinBalanceResponse } from '../entities';
import { readStored, writeStored } from '../storage/local-storage';

export const COIN_BALANCE_PATHS = ['/users/coins/balance/', '/coins/balance/'] as const;

function balanceOf(data: unknown): number | null {
  const balance = (data as Partial<CoinBalanceResponse> | null)?.balance;
  return typeof balance === 'number' && Number.isFinite(balance) ? balance : null;
}

export async function fetchCoinBalance(client: AxiosInstance): Promise<number> {
  for (const path of COIN_BALANCE_PATHS) {
    try {
      const { data } = await client.get<CoinBalanceResponse>(path);
      const balance = balanceOf(data);
      if (balance !== null) {
        writeStored('coin_balance', balance);
        return balance;
      }
    } catch {
      // try the next source
    }
  }
  return readStored('coin_balance') ?? 0;
}
