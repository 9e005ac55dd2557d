/**
 * What any card form and any card processor know about a card number: the issuer ranges that name its
 * brand (with the lengths and CVC length each brand prints) and the Luhn checksum every number carries.
 * The wallet's card form checks a typed card with these before anything is sent; the API's dev provider
 * checks it again with the same rules.
 */

export interface BrandRule {
  brand: string;
  pattern: RegExp;
  lengths: number[];
  cvc: number;
}

/** Issuer ranges, most specific first (Mir's 2200–2204 before Mastercard's 2221–2720). */
const BRANDS: readonly BrandRule[] = [
  { brand: 'mir', pattern: /^220[0-4]/, lengths: [16, 17, 18, 19], cvc: 3 },
  { brand: 'amex', pattern: /^3[47]/, lengths: [15], cvc: 4 },
  { brand: 'diners', pattern: /^3(0[0-5]|[689])/, lengths: [14, 16, 19], cvc: 3 },
  { brand: 'jcb', pattern: /^35(2[89]|[3-8])/, lengths: [16, 17, 18, 19], cvc: 3 },
  {
    brand: 'mastercard',
    pattern: /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/,
    lengths: [16],
    cvc: 3,
  },
  { brand: 'discover', pattern: /^(6011|64[4-9]|65)/, lengths: [16, 17, 18, 19], cvc: 3 },
  { brand: 'unionpay', pattern: /^62/, lengths: [16, 17, 18, 19], cvc: 3 },
  { brand: 'visa', pattern: /^4/, lengths: [13, 16, 19], cvc: 3 },
];

/** The brand rule a card number's digits fall in, or null when no brand issues it. */
export function brandOf(digits: string): BrandRule | null {
  return BRANDS.find((rule) => rule.pattern.test(digits)) ?? null;
}

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
