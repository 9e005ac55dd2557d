/** How the wallet writes money, coins and dates: prices in their own currency (default rub, product.md#payments). */
import { DEFAULT_CURRENCY } from '@cliffhanger/shared';

export function formatPrice(price: number, currency?: string | null, locale?: string): string {
  const code = (currency || DEFAULT_CURRENCY).toUpperCase();
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: code }).format(price);
  } catch {
    return `${price} ${code}`; // an unknown currency code still shows plainly
  }
}

export function coinsLabel(coins: number): string {
  return `${coins.toLocaleString()} ${Math.abs(coins) === 1 ? 'coin' : 'coins'}`;
}

/** +50 coins, −5 coins: the sign says which way the coins went. */
export function signedCoins(coins: number): string {
  if (coins > 0) return `+${coinsLabel(coins)}`;
  if (coins < 0) return `−${coinsLabel(-coins)}`;
  return coinsLabel(0);
}

export function formatDate(iso: string | null | undefined, locale?: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

export function formatDateTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
