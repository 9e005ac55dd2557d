/**
 * The page's head start for the home screen: when the server knows the first featured series, the page
 * it sends already preloads that series' hero image in a `<link id="first-hero">` and shows it in the
 * start-up skeleton, so the picture is on screen before any script runs. The home screen's hero shows
 * the same image while its own list loads, so nothing jumps or blinks.
 */
import type { Series } from '../entities';
import type { Language } from '../i18n/languages';

export const FIRST_HERO_PRELOAD_ID = 'first-hero';

/**
 * The home screen's heading in each language, which the skeleton the server sends shows too (in the
 * language the browser asks for), so that the hero sits where it will and the words do not change.
 */
export const HOME_SCREEN_TITLES: Readonly<Record<Language, string>> = {
  en: 'Watch something gripping',
  ru: 'Посмотрите что-то захватывающее',
};
export const HOME_SCREEN_TITLE = HOME_SCREEN_TITLES.en;

/** The image a hero slide shows for a series: its slider art, else its banner, else its cover. */
export function heroImageOf(series: Pick<Series, 'slider_image' | 'banner_image' | 'cover_image'>): string | null {
  return series.slider_image ?? series.banner_image ?? series.cover_image ?? null;
}

/** The part of a page's document read here (typed structurally: the server compiles this without the DOM). */
interface PageDocument {
  getElementById(id: string): { getAttribute(name: string): string | null } | null;
}

/** The hero image the page preloaded for the home screen, if it did. */
export function firstHeroImage(
  doc: PageDocument | undefined = (globalThis as { document?: PageDocument }).document,
): string | null {
  return doc?.getElementById(FIRST_HERO_PRELOAD_ID)?.getAttribute('href') ?? null;
}
