/**
 * What every catalogue must hold (checked by each frontend's catalogue test): the same keys in every
 * language, every plural form the language's CLDR rules need, and no Russian text left in English.
 */
import type { Catalogues } from './i18n';
import { SUPPORTED_LANGUAGES } from './languages';

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Words that read the same in both languages (brand and product names). */
export const SAME_IN_EVERY_LANGUAGE: ReadonlySet<string> = new Set(['Cliffhanger', 'Gold', 'Email', '?', '×']);

export function catalogueProblems(namespace: string, catalogues: Catalogues, same = SAME_IN_EVERY_LANGUAGE): string[] {
  const problems: string[] = [];
  const baseKeys = (language: (typeof SUPPORTED_LANGUAGES)[number]) =>
    new Set(Object.keys(catalogues[language]).map((key) => key.replace(PLURAL_SUFFIX, '')));
  const all = new Set(SUPPORTED_LANGUAGES.flatMap((language) => [...baseKeys(language)]));
  for (const language of SUPPORTED_LANGUAGES) {
    const catalogue = catalogues[language];
    const keys = baseKeys(language);
    for (const key of all) if (!keys.has(key)) problems.push(`${namespace}:${key} is missing in "${language}"`);
    const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const plurals = new Set(
      Object.keys(catalogue)
        .filter((key) => PLURAL_SUFFIX.test(key))
        .map((key) => key.replace(PLURAL_SUFFIX, '')),
    );
    for (const base of plurals) {
      for (const form of forms) {
        if (!(`${base}_${form}` in catalogue))
          problems.push(`${namespace}:${base}_${form} is missing in "${language}"`);
      }
    }
    for (const [key, text] of Object.entries(catalogue)) {
      if (!text.trim()) problems.push(`${namespace}:${key} is empty in "${language}"`);
    }
  }
  for (const [key, text] of Object.entries(catalogues.ru)) {
    if (catalogues.en[key] === text && !same.has(text))
      problems.push(`${namespace}:${key} is not translated into "ru"`);
  }
  return problems;
}
