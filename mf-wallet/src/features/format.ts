/**
 * How the wallet writes money, coins and dates, in the page's language: prices in their own currency
 * (default rub, product.md#payments) and in major units (roubles, not kopecks) as the API answers them,
 * through the shared `formatMoney`; coin counts with the language's plural rules.
 */
import {
  currentLanguage,
  DEFAULT_CURRENCY,
  formatMoney,
  formatDate as formatSharedDate,
  type Language,
} from '@cliffhanger/shared';
import { walletT } from '../messages';

export function formatPrice(price: number, currency?: string | null, language: Language = currentLanguage()): string {
  const code = currency || DEFAULT_CURRENCY;
  try {
    return formatMoney(price, code, language);
  } catch {
    return `${price} ${code.toUpperCase()}`; // an unknown currency code still shows plainly
  }
}

/** "1 coin", "1,100 coins"; "1 монета", "2 монеты", "5 монет". */
export function coinsLabel(coins: number): string {
  return walletT('coins', { count: coins });
}

/** +50 coins, −5 coins: the sign says which way the coins went. */
export function signedCoins(coins: number): string {
  if (coins > 0) return `+${coinsLabel(coins)}`;
  if (coins < 0) return `−${coinsLabel(-coins)}`;
  return coinsLabel(0);
}

/** "25 November 2026" in the page's language; nothing for a missing or broken date. */
export function formatDate(iso: string | null | undefined, language: Language = currentLanguage()): string {
  if (!iso) return '';
  return formatSharedDate(iso, 'long', language);
}

export function formatDateTime(iso: string, language: Language = currentLanguage()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
