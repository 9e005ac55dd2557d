/** How a saved card is named everywhere: "Mastercard •••• 4444", expiring "11/28". */
import { walletT } from '../../messages';
import type { PaymentMethod } from './payment-methods.api';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  diners: 'Diners Club',
  maestro: 'Maestro',
};

export function brandName(brand: string | null | undefined): string {
  const key = brand?.toLowerCase() ?? '';
  // Мир is written in each language's own way; the other brands are the same everywhere.
  if (key === 'mir') return walletT('cards.brandMir');
  return BRANDS[key] ?? (brand || walletT('cards.brandUnknown'));
}

export function cardName(method: Pick<PaymentMethod, 'brand' | 'last4'>): string {
  return `${brandName(method.brand)} •••• ${method.last4}`;
}

/** MM/YY, the way the card itself prints it. */
export function cardExpiry(method: Pick<PaymentMethod, 'exp_month' | 'exp_year'>): string {
  return `${String(method.exp_month).padStart(2, '0')}/${String(method.exp_year % 100).padStart(2, '0')}`;
}

/** For screen readers: "Mastercard ending 4444" rather than four bullets read aloud. */
export function cardSpoken(method: Pick<PaymentMethod, 'brand' | 'last4'>): string {
  return walletT('cards.spoken', { brand: brandName(method.brand), last4: method.last4 });
}
