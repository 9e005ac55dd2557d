/** What a card form checks before anything is sent: the rules a viewer expects from any card form. */

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

export function validateCard(input: CardInput, now: Date = new Date()): CardErrors {
  const errors: CardErrors = {};
  if (!input.name.trim()) errors.name = 'Enter the name shown on the card.';
  const digits = digitsOf(input.number);
  if (!digits) errors.number = 'Enter the card number.';
  else if (digits.length < 12 || digits.length > 19 || !passesLuhn(digits))
    errors.number = 'This card number does not look right. Please check it.';
  const expiry = parseExpiry(input.expiry);
  if (!input.expiry.trim()) errors.expiry = 'Enter the expiry date as MM/YY.';
  else if (!expiry) errors.expiry = 'Enter the expiry date as MM/YY, for example 04/29.';
  else if (expiry.year < now.getFullYear() || (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1))
    errors.expiry = 'This card has expired.';
  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.cvc = 'Enter the 3 or 4 digits on the back of the card.';
  return errors;
}

/** The dev payment provider accepts any `pm_dev_…` id as a test card. */
export function devPaymentMethodId(number: string, random: () => number = Math.random): string {
  const last4 = digitsOf(number).slice(-4);
  const suffix = Math.floor(random() * 36 ** 8)
    .toString(36)
    .padStart(8, '0');
  return `pm_dev_${last4}_${suffix}`;
}
