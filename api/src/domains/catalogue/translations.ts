/**
 * Titles and descriptions by language (issue #21, shared/src/localized-text.ts): what staff may
 * write, how it is stored (JSON text in `series.translations` and `episodes.translations`) and how
 * every answer carries it. Only the interface languages are keys; each holds an optional title and
 * description within the same limits as the original's.
 */
import { SUPPORTED_LANGUAGES } from '@cliffhanger/shared/languages';
import type { TextTranslation, Translations } from '@cliffhanger/shared/localized-text';
import { Type } from '@sinclair/typebox';

export const TRANSLATED_TITLE_MAX_LENGTH = 200;
export const TRANSLATED_DESCRIPTION_MAX_LENGTH = 5_000;

export const TextTranslationSchema = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: TRANSLATED_TITLE_MAX_LENGTH })),
    description: Type.Optional(Type.String({ maxLength: TRANSLATED_DESCRIPTION_MAX_LENGTH })),
  },
  { additionalProperties: false },
);

/** `{ ru: { title, description } }`: a key per interface language, nothing else. */
export const TranslationsSchema = Type.Object(
  { en: Type.Optional(TextTranslationSchema), ru: Type.Optional(TextTranslationSchema) },
  {
    additionalProperties: false,
    description: 'Title and description by language (en, ru); a language or a field may be left out',
  },
);
/** A genre's name by language, `{ ru: { title } }`: the name's limits, no description. */
export const CategoryTranslationsSchema = Type.Object(
  {
    en: Type.Optional(
      Type.Object({ title: Type.Optional(Type.String({ maxLength: 60 })) }, { additionalProperties: false }),
    ),
    ru: Type.Optional(
      Type.Object({ title: Type.Optional(Type.String({ maxLength: 60 })) }, { additionalProperties: false }),
    ),
  },
  {
    additionalProperties: false,
    description: 'The category name by language (en, ru), as { title }; a language may be left out',
  },
);

/** Every interface language has its key above: a language added to SUPPORTED_LANGUAGES fails to compile here. */
const TRANSLATION_LANGUAGES: ReadonlyArray<keyof typeof TranslationsSchema.properties> = SUPPORTED_LANGUAGES;

/** The language spoken in a series: an ISO 639 code (`en`, `ru`, `ko` …). */
export const AudioLanguageSchema = Type.String({
  minLength: 2,
  maxLength: 3,
  pattern: '^[a-z]{2,3}$',
  description: 'The language spoken in the series, as an ISO 639 code (en, ru, ko …)',
});

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
