/**
 * The dev provider's card entry: what a card processor does with a typed card number, done locally so
 * saved cards work without any account. The number is checked like a real processor would (Luhn, an
 * expiry in the future, the CVC length of its brand), its brand is read from the number, and what comes
 * back is a payment method id carrying only brand, last 4, expiry and a fingerprint (a keyed hash of
 * the number, the same for the same card), signed so the browser cannot alter it. The number itself is
 * never stored, logged or sent back.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { brandOf, passesLuhn } from '@cliffhanger/shared/card-rules';
import type { CardDetails } from './card-details';

export interface TypedCard {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** What is wrong with a typed card, field by field, in words a person can act on (empty when nothing). */
export function cardProblems(card: TypedCard, now: Date): Array<{ field: string; message: string }> {
  const problems: Array<{ field: string; message: string }> = [];
  const digits = card.number.replace(/[\s-]/g, '');
  const rule = /^\d+$/.test(digits) ? brandOf(digits) : null;
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    problems.push({ field: 'number', message: 'This card number does not look right. Please check it.' });
  } else if (!rule) {
    problems.push({ field: 'number', message: 'We do not accept this kind of card. Please use another one.' });
  } else if (!rule.lengths.includes(digits.length)) {
    problems.push({ field: 'number', message: 'This card number does not look right. Please check it.' });
  }
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  const monthsNow = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (card.exp_month < 1 || card.exp_month > 12) {
    problems.push({ field: 'expiry', message: 'Enter the expiry month as a number from 01 to 12.' });
  } else if (year * 12 + (card.exp_month - 1) < monthsNow) {
    problems.push({ field: 'expiry', message: 'This card has expired.' });
  } else if (year > now.getUTCFullYear() + 20) {
    problems.push({ field: 'expiry', message: 'This expiry date does not look right. Please check it.' });
  }
  const cvcLength = rule?.cvc ?? 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
    problems.push({
      field: 'cvc',
      message:
        cvcLength === 4
          ? 'Enter the 4-digit security code printed on the front of the card.'
          : 'Enter the 3-digit security code on the back of the card.',
    });
  }
  return problems;
}

/** Signed for one customer: another viewer who learns the id cannot save (and charge) the card. */
const sign = (secret: string, customerId: string, body: string) =>
  createHmac('sha256', secret).update(`dev-card:${customerId}:${body}`).digest('hex').slice(0, 24);

/** The same card number gives the same fingerprint, whoever types it (like Stripe's card.fingerprint). */
export function cardFingerprint(secret: string, digits: string): string {
  return createHmac('sha256', secret).update(`dev-card-fingerprint:${digits}`).digest('hex').slice(0, 16);
}

/** A checked card → a signed payment method id naming only its brand, last 4, expiry and fingerprint. */
export function devPaymentMethodFor(secret: string, customerId: string, card: TypedCard): string {
  const digits = card.number.replace(/[\s-]/g, '');
  const rule = brandOf(digits);
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  const body = [
    rule?.brand ?? 'card',
    digits.slice(-4),
    String(card.exp_month).padStart(2, '0'),
    String(year),
    cardFingerprint(secret, digits),
    // Like a processor, each entry of a card is a new payment method (the fingerprint stays the same).
    randomBytes(4).toString('hex'),
  ].join('_');
  return `pm_dev_${body}_${sign(secret, customerId, body)}`;
}

const DEV_METHOD = /^pm_dev_([a-z]{2,12})_(\d{4})_(\d{2})_(\d{4})_([0-9a-f]{16})_([0-9a-f]{8})_([0-9a-f]{24})$/;

/**
 * Reads a payment method id made by `devPaymentMethodFor` for this customer; null when it is not one,
 * was altered, or was made for someone else.
 */
export function readDevPaymentMethod(
  secret: string,
  customerId: string,
  id: string,
): (CardDetails & { fingerprint: string }) | null {
  const match = DEV_METHOD.exec(id);
  if (!match) return null;
  const [, brand, last4, month, year, fingerprint, nonce, signature] = match;
  const body = [brand, last4, month, year, fingerprint, nonce].join('_');
  const expected = Buffer.from(sign(secret, customerId, body));
  const given = Buffer.from(signature ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return {
    brand: brand as string,
    last4: last4 as string,
    exp_month: Number(month),
    exp_year: Number(year),
    fingerprint: fingerprint as string,
  };
}

/**
 * Card numbers whose bank always asks the cardholder to confirm (3-D Secure), as with Stripe's test
 * cards of the same numbers: charged off-session, they answer `requires_action`.
 */
export const DEV_AUTHENTICATION_CARD_NUMBERS = ['4000002760003184', '4000002500003155'] as const;

/** Whether a typed dev card's payment method is one whose bank asks the cardholder to confirm. */
export function devCardNeedsAuthentication(secret: string, paymentMethodId: string): boolean {
  const fingerprint = DEV_METHOD.exec(paymentMethodId)?.[5];
  return (
    fingerprint !== undefined &&
    DEV_AUTHENTICATION_CARD_NUMBERS.some((digits) => cardFingerprint(secret, digits) === fingerprint)
  );
}
