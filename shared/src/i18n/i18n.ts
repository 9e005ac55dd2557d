/**
 * One i18next instance per page (the library and `@cliffhanger/shared` are federation singletons).
 * The shell and every remote register their own catalogue namespace when they load, so a remote
 * deployed alone still has its words; the language is the page's, switched live with `setLanguage`.
 */
import i18next, { type TFunction } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import {
  browserLanguages,
  DEFAULT_LANGUAGE,
  detectLanguage,
  isLanguage,
  type Language,
  readStoredLanguage,
  SUPPORTED_LANGUAGES,
  storeLanguage,
} from './languages';

/** A flat catalogue: `key → text`; plural keys carry CLDR suffixes (`coins_one`, `coins_few` …). */
export type Catalogue = Readonly<Record<string, string>>;
export type Catalogues = Readonly<Record<Language, Catalogue>>;
/** The keys a component asks for: a catalogue's keys with plural suffixes taken off. */
export type MessageKey<C extends Catalogue> = keyof C extends infer K
  ? K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}`
    ? Base
    : K & string
  : never;

export const i18n = i18next.createInstance();
const registered = new Map<string, Catalogues>();

function syncDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

void i18n.use(initReactI18next).init({
  lng: detectLanguage(readStoredLanguage(), browserLanguages()),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  resources: {},
  ns: [],
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  react: { useSuspense: false, bindI18nStore: 'added' },
});
// `{{count, number}}`: i18next caches its number formats by every option of the call, the count
// included, so each new count built a new Intl.NumberFormat (a costly object): drawing the player's
// episode list built one per coin price. The messages give `number` no parameters, so one format per
// language serves them all.
const numberFormats = new Map<string, Intl.NumberFormat>();
i18n.services.formatter?.add('number', (value: unknown, lng: string | undefined) => {
  const language = lng ?? DEFAULT_LANGUAGE;
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    numberFormats.set(language, format);
  }
  return format.format(value as number);
});
i18n.on('languageChanged', syncDocumentLanguage);
syncDocumentLanguage(i18n.language);

/** Adds a namespace's catalogues (idempotent: a remote registered twice keeps one copy). */
export function registerMessages(namespace: string, catalogues: Catalogues): void {
  registered.set(namespace, catalogues);
  for (const language of SUPPORTED_LANGUAGES) {
    i18n.addResourceBundle(language, namespace, catalogues[language], true, true);
  }
}

/** Every catalogue registered so far, by namespace (what the parity tests walk). */
export function registeredCatalogues(): ReadonlyMap<string, Catalogues> {
  return registered;
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Remembers the choice in this browser and switches every mounted screen at once, with no reload. */
export async function setLanguage(language: Language): Promise<void> {
  storeLanguage(language);
  await i18n.changeLanguage(language);
}

/** A namespace's translate function outside React (sagas, toasts). */
export function translator(namespace: string): TFunction {
  return i18n.getFixedT(null, namespace);
}

/** A namespace's translate function and the page's language; re-renders when the language changes. */
export function useT(namespace: string): { t: TFunction; language: Language } {
  const { t, i18n: instance } = useTranslation(namespace, { i18n });
  return { t, language: isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE };
}

/** What `defineMessages` gives a frontend: its catalogues, a hook for components and a plain function. */
export interface Messages<K extends string> {
  namespace: string;
  catalogues: Catalogues;
  /** The namespace's translate function and the page's language; re-renders when the language changes. */
  useMessages(): { t: (key: K, options?: Record<string, unknown>) => string; language: Language };
  /** The namespace's words outside components (sagas, toasts, field rules), in the language at call time. */
  t(key: K, options?: Record<string, unknown>): string;
}

/**
 * Registers a frontend's catalogues under its namespace and returns typed translate functions. The
 * Russian catalogue must hold every English key (plural forms may differ by language).
 */
export function defineMessages<E extends Catalogue>(
  namespace: string,
  catalogues: { en: E; ru: Catalogue },
): Messages<MessageKey<E>> {
  registerMessages(namespace, catalogues);
  return {
    namespace,
    catalogues,
    useMessages() {
      const { t, language } = useT(namespace);
      return { t: (key, options) => t(key as string, options ?? {}) as string, language };
    },
    t: (key, options) => translator(namespace)(key as string, options ?? {}) as string,
  };
}
