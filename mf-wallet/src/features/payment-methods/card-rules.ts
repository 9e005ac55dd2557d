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

export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
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
