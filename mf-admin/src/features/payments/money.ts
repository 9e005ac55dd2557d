/** Amounts of the payments desk: minor units in, the currency's way of writing money in the page's language out. */
export function formatMoney(minor: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** An amount typed in major units ("49.5", "49,50") as minor units; null when it is not one. */
export function minorOf(typed: string): number | null {
  const text = typed.trim().replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}
