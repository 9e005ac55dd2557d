/**
 * Russian words for a count (CLDR: one, few, many): 1 монета, 2 монеты, 5 монет, 21 монета, 11 монет.
 * The API's own Russian texts built in code (transactions, checkout, e-mails) choose their words here.
 */
const rules = new Intl.PluralRules('ru');

export interface RussianForms {
  one: string;
  few: string;
  many: string;
}

/** The word for `count`; a fraction takes `few`, as Russian does ("2,5 монеты"). */
export function russianForm(count: number, forms: RussianForms): string {
  const category = Number.isInteger(count) ? rules.select(count) : 'other';
  return category === 'one' ? forms.one : category === 'many' ? forms.many : forms.few;
}

/** The count and its word: "5 монет". */
export function russianCount(count: number, forms: RussianForms): string {
  return `${count} ${russianForm(count, forms)}`;
}

/** Coins, as most texts count them (the nominative: "у вас 5 монет"). */
export const COINS: RussianForms = { one: 'монета', few: 'монеты', many: 'монет' };
