/**
 * The languages of the interface (issue #21) and how the first one is chosen: the viewer's stored
 * choice, then the browser's preferred languages in order, then English.
 */
export const SUPPORTED_LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Where the browser remembers the viewer's choice (guests included). */
export const LANGUAGE_STORAGE_KEY = 'language';
/** Each language's own name, shown as it is in every interface language. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', ru: 'Русский' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** `ru-RU` → `ru`; an unsupported tag → null. */
export function languageOfTag(tag: string): Language | null {
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
}

export function detectLanguage(stored: string | null | undefined, preferred: readonly string[] = []): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of preferred) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The browser globals this file reads, typed here so that the API (no DOM types) can import the
 * language list and detection from the same file.
 */
interface BrowserGlobals {
  localStorage?: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  navigator?: { languages?: readonly string[]; language?: string };
}
const browser = globalThis as BrowserGlobals;

export function readStoredLanguage(): string | null {
  try {
    return browser.localStorage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    browser.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage may be full or blocked: the choice then lasts for this page only.
  }
}

export function browserLanguages(): readonly string[] {
  const navigator = browser.navigator;
  if (!navigator) return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}
