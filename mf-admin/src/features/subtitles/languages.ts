/**
 * Subtitle languages: any language tag (`SUBTITLE_LANGUAGE_PATTERN`) is accepted, named through
 * `Intl.DisplayNames`, so a language no one listed needs no code. The common ones are offered first.
 */
import { SUBTITLE_LANGUAGE_PATTERN } from '@cliffhanger/shared';

/** The languages offered in the picker (anything else is typed as a tag). */
export const COMMON_SUBTITLE_LANGUAGES = [
  'en',
  'ru',
  'es',
  'pt',
  'pt-BR',
  'fr',
  'de',
  'it',
  'tr',
  'uk',
  'kk',
  'ar',
  'hi',
  'id',
  'ja',
  'ko',
  'zh-Hans',
  'zh-Hant',
] as const;

const pattern = new RegExp(SUBTITLE_LANGUAGE_PATTERN);

export function isSubtitleLanguage(tag: string): boolean {
  return pattern.test(tag);
}

/** `tag`'s name in `inLanguage` (`es` in English: Spanish); the tag itself when Intl does not know it. */
export function languageName(tag: string, inLanguage: string): string {
  try {
    const name = new Intl.DisplayNames([inLanguage], { type: 'language', fallback: 'code' }).of(tag) ?? tag;
    return name.charAt(0).toLocaleUpperCase(inLanguage) + name.slice(1);
  } catch {
    return tag;
  }
}

/** The language's own name (`es`: Español, `ru`: Русский): the label viewers see unless staff write another. */
export function ownName(tag: string): string {
  return languageName(tag, tag);
}
