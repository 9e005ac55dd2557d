/** How a saved card is named everywhere: "Mastercard •••• 4444", expiring "11/28". */
import type { PaymentMethod } from './payment-methods.api';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  mir: 'Mir',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  diners: 'Diners Club',
  maestro: 'Maestro',
};

export function brandName(brand: string | null | undefined): string {
  return BRANDS[brand?.toLowerCase() ?? ''] ?? (brand || 'Card');
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
  return `${brandName(method.brand)} ending ${method.last4}`;
}
