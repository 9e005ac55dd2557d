/**
 * Titles and descriptions by language (issue #21, shared/src/localized-text.ts): what staff may
 * write, how it is stored (JSON text in `series.translations` and `episodes.translations`) and how
 * every answer carries it. Only the interface languages are keys; each holds an optional title and
 * description within the same limits as the original's.
 */

import {
  TRANSLATED_DESCRIPTION_MAX_LENGTH,
  TRANSLATED_TITLE_MAX_LENGTH,
  type TranslationsSchema,
} from '@cliffhanger/shared/contracts';
import { SUPPORTED_LANGUAGES } from '@cliffhanger/shared/languages';
import type { TextTranslation, Translations } from '@cliffhanger/shared/localized-text';

export {
  AudioLanguageSchema,
  CategoryTranslationsSchema,
  TextTranslationSchema,
  TRANSLATED_DESCRIPTION_MAX_LENGTH,
  TRANSLATED_TITLE_MAX_LENGTH,
  TranslationsSchema,
} from '@cliffhanger/shared/contracts';

/** Every interface language has its key above: a language added to SUPPORTED_LANGUAGES fails to compile here. */
const TRANSLATION_LANGUAGES: ReadonlyArray<keyof typeof TranslationsSchema.properties> = SUPPORTED_LANGUAGES;

function cleanTranslation(value: unknown): TextTranslation | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { title, description } = value as Record<string, unknown>;
  const clean: TextTranslation = {};
  if (typeof title === 'string' && title.trim()) clean.title = title.slice(0, TRANSLATED_TITLE_MAX_LENGTH);
  if (typeof description === 'string' && description.trim()) {
    clean.description = description.slice(0, TRANSLATED_DESCRIPTION_MAX_LENGTH);
  }
  return clean.title !== undefined || clean.description !== undefined ? clean : null;
}

/** Only the known languages and fields, and no empty text: what is stored and answered. */
export function cleanTranslations(value: unknown): Record<string, TextTranslation> {
  const clean: Record<string, TextTranslation> = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return clean;
  for (const language of TRANSLATION_LANGUAGES) {
    const translation = cleanTranslation((value as Record<string, unknown>)[language]);
    if (translation) clean[language] = translation;
  }
  return clean;
}

/** The column's value for what staff sent: null when no language has any text. */
export function storedTranslations(value: Translations | null | undefined): string | null {
  const clean = cleanTranslations(value);
  return Object.keys(clean).length > 0 ? JSON.stringify(clean) : null;
}

/** The stored column as answered: always an object (empty when none, or when the text is unreadable). */
export function parseTranslations(raw: string | null | undefined): Record<string, TextTranslation> {
  if (!raw) return {};
  try {
    return cleanTranslations(JSON.parse(raw));
  } catch {
    return {};
  }
}
