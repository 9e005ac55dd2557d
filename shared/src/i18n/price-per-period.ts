/**
 * A plan's price per period, written one way on every screen ("RUB 299 a month", "299 ₽ в месяц"): the
 * money through Intl in the page's language, the period in its words.
 */
import { DEFAULT_CURRENCY } from '../constants';
import { formatMoney } from './format';
import { currentLanguage, defineMessages } from './i18n';
import type { Language } from './languages';

export const PRICE_NAMESPACE = 'price';

const messages = defineMessages(PRICE_NAMESPACE, {
  en: { 'per.month': '{{price}} a month', 'per.year': '{{price}} a year' },
  ru: { 'per.month': '{{price}} в месяц', 'per.year': '{{price}} в год' },
});

export const PRICE_MESSAGES = messages.catalogues;

export type PricePeriod = 'month' | 'year';

/** `price` in major units of `currency` (default rub); an unknown currency code still shows plainly. */
export function formatPricePerPeriod(
  price: number,
  currency: string | null | undefined,
  period: PricePeriod,
  language: Language = currentLanguage(),
): string {
  const code = currency || DEFAULT_CURRENCY;
  let money: string;
  try {
    money = formatMoney(price, code, language);
  } catch {
    money = `${price} ${code.toUpperCase()}`;
  }
  return messages.t(`per.${period}`, { price: money, lng: language });
}
