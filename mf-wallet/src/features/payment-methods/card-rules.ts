/** What a card form checks before anything is sent: the rules a viewer expects from any card form. */
import { walletT } from '../../messages';

export interface CardInput {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardInput, string>>;

export const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** Issuer ranges, most specific first; the CVC length each brand prints. */
const BRANDS: Array<{ brand: string; pattern: RegExp; cvc: number }> = [
  { brand: 'mir', pattern: /^220[0-4]/, cvc: 3 },
  { brand: 'amex', pattern: /^3[47]/, cvc: 4 },
  { brand: 'diners', pattern: /^3(0[0-5]|[689])/, cvc: 3 },
  { brand: 'jcb', pattern: /^35(2[89]|[3-8])/, cvc: 3 },
  { brand: 'mastercard', pattern: /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/, cvc: 3 },
  { brand: 'discover', pattern: /^(6011|64[4-9]|65)/, cvc: 3 },
  { brand: 'unionpay', pattern: /^62/, cvc: 3 },
  { brand: 'visa', pattern: /^4/, cvc: 3 },
];

/** The card's brand, read from its number as the viewer types it ('' until it is known). */
export function brandOfNumber(number: string): string {
  const digits = digitsOf(number);
  return BRANDS.find((rule) => rule.pattern.test(digits))?.brand ?? '';
}

export const cvcLengthOf = (number: string) => BRANDS.find((rule) => rule.brand === brandOfNumber(number))?.cvc ?? 3;

export function validateCard(input: CardInput, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  if (!input.name.trim()) errors.name = walletT('cardRules.name');
  const digits = digitsOf(input.number);
  if (!digits) errors.number = walletT('cardRules.number');
  else if (digits.length < 12 || digits.length > 19 || !passesLuhn(digits))
    errors.number = walletT('cardRules.numberWrong');
  const expiry = parseExpiry(input.expiry);
  if (!input.expiry.trim()) errors.expiry = walletT('cardRules.expiry');
  else if (!expiry) errors.expiry = walletT('cardRules.expiryFormat');
  else if (expiry.year < now.getFullYear() || (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1))
    errors.expiry = walletT('cardRules.expired');
  const cvcLength = cvcLengthOf(input.number);
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim()))
    errors.cvc = cvcLength === 4 ? walletT('cardRules.cvcFront') : walletT('cardRules.cvcBack');
  return errors;
}
