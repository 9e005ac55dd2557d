/**
 * Titles and descriptions by language (issue #21). A series or episode is written in one language
 * (`title`, `description`); `title_en` is its English title (product.md#catalogue), and
 * `translations` holds the other languages staff have filled in. The viewer sees their language's
 * text, falling back to the English title for English and to the original otherwise.
 */
export interface TextTranslation {
  title?: string;
  description?: string;
}

/** Language code (`ru`, `en`, …) → that language's text; a language may be absent or partial. */
export type Translations = Readonly<Partial<Record<string, TextTranslation>>>;

export interface TranslatableText {
  title: string;
  title_en?: string | null;
  description?: string | null;
  translations?: Translations | null;
}

export function localizedTitle(item: TranslatableText, language: string): string {
  const translated = item.translations?.[language]?.title?.trim();
  if (translated) return translated;
  if (language === 'en' && item.title_en?.trim()) return item.title_en.trim();
  return item.title;
}

export function localizedDescription(item: TranslatableText, language: string): string {
  return item.translations?.[language]?.description?.trim() || (item.description ?? '');
}

/** A genre's name in the viewer's language: its translation, else the name staff wrote. */
export function localizedCategoryName(
  category: { name: string; translations?: Translations | null },
  language: string,
): string {
  return category.translations?.[language]?.title?.trim() || category.name;
}

/** The series title of an episode answer in the viewer's language (its `series_*` names). */
export function localizedSeriesTitle(
  episode: { series_title: string; series_title_en?: string | null; series_translations?: Translations | null },
  language: string,
): string {
  return localizedTitle(
    { title: episode.series_title, title_en: episode.series_title_en, translations: episode.series_translations },
    language,
  );
}
