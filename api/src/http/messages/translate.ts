/**
 * Turns the API's English messages into the viewer's language (issue #21). Services keep writing
 * English (the spec and many tests name the exact English text); answers are translated on the way
 * out (errors.ts, message-language.ts) through the catalogue of each language, keyed by the English
 * text. A catalogue key with `{{name}}` placeholders is a template: it matches any message of that
 * shape, and the values it captured go into the translation (translated themselves when they are
 * catalogue texts too).
 */
import type { Language } from '@cliffhanger/shared/languages';
import { RU_MESSAGES } from './ru';

const CATALOGUES: Partial<Record<Language, Readonly<Record<string, string>>>> = { ru: RU_MESSAGES };

const PLACEHOLDER = /\{\{([A-Za-z0-9_]+)\}\}/g;
/** `{{name}}` or `{{name|one|few|many}}` in a translation. */
const TRANSLATION_PLACEHOLDER = /\{\{([A-Za-z0-9_]+)((?:\|[^|}]*){3})?\}\}/g;

interface Template {
  pattern: RegExp;
  names: string[];
  translation: string;
  /** How much fixed text the template has: the more, the more specific, so it is tried first. */
  weight: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(catalogue: Readonly<Record<string, string>>): Template[] {
  const templates: Template[] = [];
  for (const [english, translation] of Object.entries(catalogue)) {
    if (!english.includes('{{')) continue;
    const names: string[] = [];
    const literal = english.split(PLACEHOLDER).filter((_, index) => index % 2 === 0);
    const source = english.replace(PLACEHOLDER, (_, name: string) => {
      names.push(name);
      return '\u0000';
    });
    const pattern = new RegExp(`^${source.split('\u0000').map(escapeRegExp).join('([\\s\\S]*?)')}$`);
    templates.push({ pattern, names, translation, weight: literal.join('').length });
  }
  return templates.sort((a, b) => b.weight - a.weight);
}

const compiled = new Map<Language, Template[]>();
function templatesOf(language: Language, catalogue: Readonly<Record<string, string>>): Template[] {
  let templates = compiled.get(language);
  if (!templates) {
    templates = compile(catalogue);
    compiled.set(language, templates);
  }
  return templates;
}

const pluralRules = new Map<Language, Intl.PluralRules>();
/** The word for `count`: forms are one|few|many (Russian's CLDR categories; `other` takes `few`). */
function pluralWord(language: Language, count: string, forms: string): string {
  const [one, few, many] = forms.slice(1).split('|') as [string, string, string];
  const n = Number(count);
  if (!Number.isFinite(n)) return many;
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  const category = Number.isInteger(n) ? rules.select(n) : 'other';
  return category === 'one' ? one : category === 'many' ? many : few;
}

const MAX_DEPTH = 3;

function translateText(
  message: string,
  language: Language,
  catalogue: Readonly<Record<string, string>>,
  depth: number,
): string | null {
  const exact = catalogue[message];
  if (exact !== undefined) return exact;
  if (depth >= MAX_DEPTH || message.length > 2000) return null;
  for (const template of templatesOf(language, catalogue)) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const values = new Map<string, string>();
    template.names.forEach((name, index) => {
      const value = match[index + 1] as string;
      values.set(name, translateValue(value, language, catalogue, depth + 1));
    });
    return template.translation.replace(TRANSLATION_PLACEHOLDER, (whole, name: string, forms?: string) => {
      const value = values.get(name);
      if (value === undefined) return whole;
      return forms ? pluralWord(language, value, forms) : value;
    });
  }
  return null;
}

/** A value put into a message: a catalogue text is translated, a `; `-separated list item by item. */
function translateValue(
  value: string,
  language: Language,
  catalogue: Readonly<Record<string, string>>,
  depth: number,
): string {
  const whole = translateText(value, language, catalogue, depth);
  if (whole !== null) return whole;
  if (!value.includes('; ')) return value;
  return value
    .split('; ')
    .map((part) => translateText(part, language, catalogue, depth) ?? part)
    .join('; ');
}

/** The message in `language`; the English text itself when the language is English or has no entry. */
export function translateMessage(message: string, language: Language): string {
  const catalogue = CATALOGUES[language];
  if (!catalogue) return message;
  return translateText(message, language, catalogue, 0) ?? message;
}

/** Whether `language` has its own catalogue (English, the source, has none). */
export function hasCatalogue(language: Language): boolean {
  return CATALOGUES[language] !== undefined;
}

type Answer = Record<string, unknown>;

function translateItems(items: unknown, language: Language): unknown {
  if (!Array.isArray(items)) return items;
  return items.map((item) =>
    item && typeof item === 'object' && typeof (item as Answer).message === 'string'
      ? { ...(item as Answer), message: translateMessage((item as Answer).message as string, language) }
      : item,
  );
}

/**
 * An answer with its readable texts in `language`: `message`, and the `message` of each item of
 * `errors` (a field's problem) and `missing` (what publishing still needs). Other fields stay.
 */
export function translateAnswer<T extends Answer>(answer: T, language: Language): T {
  if (!hasCatalogue(language)) return answer;
  const translated: Answer = { ...answer };
  if (typeof answer.message === 'string') translated.message = translateMessage(answer.message, language);
  if ('errors' in answer) translated.errors = translateItems(answer.errors, language);
  if ('missing' in answer) translated.missing = translateItems(answer.missing, language);
  return translated as T;
}
