/** Numbers, money, dates and relative times in the page's language, through `Intl`. */
import { DEFAULT_CURRENCY } from '../constants';
import { currentLanguage } from './i18n';
import type { Language } from './languages';

export function formatNumber(value: number, language: Language = currentLanguage()): string {
  return new Intl.NumberFormat(language).format(value);
}

/** `amount` in major units (roubles, not kopecks); whole amounts show no fraction. */
export function formatMoney(
  amount: number,
  currency: string = DEFAULT_CURRENCY,
  language: Language = currentLanguage(),
): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
}

export type DateStyle = 'short' | 'medium' | 'long';

const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  short: { day: 'numeric', month: 'numeric', year: 'numeric' },
  medium: { day: 'numeric', month: 'short', year: 'numeric' },
  long: { day: 'numeric', month: 'long', year: 'numeric' },
};

export function formatDate(
  date: Date | string | number,
  style: DateStyle = 'medium',
  language: Language = currentLanguage(),
): string {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  return new Intl.DateTimeFormat(language, DATE_OPTIONS[style]).format(value);
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 days ago", "через 2 часа": the largest whole unit of the distance from `now`. */
export function formatRelativeTime(
  date: Date | string | number,
  now: Date | number = Date.now(),
  language: Language = currentLanguage(),
): string {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return '';
  const seconds = Math.round((value.getTime() - (now instanceof Date ? now.getTime() : now)) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(0, 'second');
}
