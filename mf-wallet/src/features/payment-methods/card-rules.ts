/** What a card form checks before anything is sent: the rules a viewer expects from any card form. */
import { brandOf, passesLuhn } from '@cliffhanger/shared/card-rules';
import { walletT } from '../../messages';

export { passesLuhn };

export interface CardInput {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

export type CardErrors = Partial<Record<keyof CardInput, string>>;

export const digitsOf = (value: string) => value.replace(/\D/g, '');

/** MM/YY, M/YY, MM/YYYY, or MMYY typed without the slash ("1230" is December 2030). */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value) ?? /^\s*(\d{2})(\d{2})\s*$/.exec(value);
  if (!match?.[1] || !match[2]) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/**
 * The expiry as the viewer types it: digits only, the slash put in after the month ("12" → "12/",
 * "1230" → "12/30"; a month typed as one digit and a slash, or one digit above 1, gets its zero), and
 * a four-digit year an autofill gives shortened ("12/2030" → "12/30"). Deleting is left alone.
 */
export function typedExpiry(previous: string, value: string): string {
  const fullYear = /^\s*(\d{1,2})\s*\/\s*\d{2}(\d{2})\s*$/.exec(value);
  if (fullYear?.[1] && fullYear[2]) return `${fullYear[1].padStart(2, '0')}/${fullYear[2]}`;
  let digits = digitsOf(value);
  if (/^\s*\d\s*\//.test(value) || /^[2-9]$/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2 && value.length >= previous.length) return `${digits}/`;
  return digits;
}

/** The card's brand, read from its number as the viewer types it ('' until it is known). */
export function brandOfNumber(number: string): string {
  return brandOf(digitsOf(number))?.brand ?? '';
}

export const cvcLengthOf = (number: string) => brandOf(digitsOf(number))?.cvc ?? 3;

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
