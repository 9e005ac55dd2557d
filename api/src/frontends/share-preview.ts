/**
 * Link previews for shared series and episodes. Messaging apps and social sites fetch a shared address
 * without running JavaScript and read the Open Graph and Twitter card tags in the page's head. The page
 * answered for a series (`/series/{id}`, `/series-legacy/{id}`) or any player route form carries them for
 * what it opens when it is on show: its title, a short description and its picture as an absolute
 * address, in the language the client asks for (Accept-Language) when staff wrote one. A draft, a
 * hidden or an unknown series or episode gets the site's generic tags, so nothing about it leaks.
 * A link under a series' former or loosely written address (`/player/The-CEO’s-Twins/2`) is answered with
 * a permanent redirect to its current address.
 */
import { SERIES_NOT_FOUND_MESSAGE } from '@cliffhanger/shared/constants';
import type { Episode, Series } from '@cliffhanger/shared/entities';
import type { Language } from '@cliffhanger/shared/languages';
import { localizedDescription, localizedTitle } from '@cliffhanger/shared/localized-text';
import { paths, type RouteMatch } from '@cliffhanger/shared/routes';
import type { AppContext } from '../context';
import {
  EPISODE_NOT_FOUND_MESSAGE,
  episodeDetail,
  seriesBySlug,
  seriesDetail,
  seriesEpisodes,
} from '../domains/catalogue/catalogue.service';

export const SITE_NAME = 'Cliffhanger';
export const GENERIC_DESCRIPTION = 'Cliffhanger — short vertical dramas you can binge in minutes.';

/** The preview's own words in each language the site has. */
interface PreviewWords {
  generic: string;
  episode: (n: number) => string;
  /** The picture's text alternative: a series' poster, an episode's still. */
  poster: (title: string) => string;
  still: (title: string) => string;
}
const PREVIEW_WORDS: Record<Language, PreviewWords> = {
  en: {
    generic: GENERIC_DESCRIPTION,
    episode: (n) => `Episode ${n}`,
    poster: (title) => `Poster of ${title}`,
    still: (title) => `A still from ${title}`,
  },
  ru: {
    generic: 'Cliffhanger — короткие вертикальные сериалы, которые смотрятся за минуты.',
    episode: (n) => `Серия ${n}`,
    poster: (title) => `Постер: ${title}`,
    still: (title) => `Кадр: ${title}`,
  },
};

/** Previews show about two lines; longer descriptions end with an ellipsis at a word boundary. */
export const PREVIEW_DESCRIPTION_MAX = 200;

export interface SharePreview {
  title: string;
  description: string;
  /** The page's own address (absolute). */
  url: string;
  /** The picture, absolute; null when there is none. */
  image: string | null;
  type: 'video.tv_show' | 'video.episode' | 'website';
  language: Language;
}

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

export function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= PREVIEW_DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, PREVIEW_DESCRIPTION_MAX - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > PREVIEW_DESCRIPTION_MAX / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,.;:!?–—-]+$/, '')}…`;
}

/** An address as a crawler can fetch it: absolute ones stay, site paths get the site's origin. */
export function absoluteAddress(address: string, origin: string): string | null {
  try {
    const url = new URL(address, `${origin}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

const pictureOf = (series: Series) =>
  series.poster_image ?? series.cover_image ?? series.banner_image ?? series.slider_image;

export function seriesPreview(series: Series, origin: string, language: Language = 'en'): SharePreview {
  const picture = pictureOf(series);
  return {
    title: localizedTitle(series, language),
    description: shortDescription(localizedDescription(series, language)) || PREVIEW_WORDS[language].generic,
    url: `${origin}${paths.series(series.id)}`,
    image: picture ? absoluteAddress(picture, origin) : null,
    type: 'video.tv_show',
    language,
  };
}

/** An episode's preview: "Series — Episode 4: its title", its own words and still, else its series'. */
export function episodePreview(series: Series, episode: Episode, origin: string, language: Language = 'en') {
  const words = PREVIEW_WORDS[language];
  const own = localizedTitle(episode, language).trim();
  const number = words.episode(episode.episode_number);
  const named = own && own.toLowerCase() !== number.toLowerCase() ? `${number}: ${own}` : number;
  const picture = episode.thumbnail ?? pictureOf(series);
  const description = shortDescription(
    localizedDescription(episode, language) || localizedDescription(series, language),
  );
  return {
    title: `${localizedTitle(series, language)} — ${named}`,
    description: description || words.generic,
    url: `${origin}${paths.episode(series.id, episode.id)}`,
    image: picture ? absoluteAddress(picture, origin) : null,
    type: 'video.episode',
    language,
  } satisfies SharePreview;
}

export function genericPreview(origin: string, path: string, language: Language = 'en'): SharePreview {
  const description = PREVIEW_WORDS[language].generic;
  return { title: SITE_NAME, description, url: `${origin}${path}`, image: null, type: 'website', language };
}

/** What the server answers for a page: the app with a preview in its head, or a permanent redirect. */
export type PageAnswer = { preview: SharePreview } | { redirect: string };

const isId = (value: string | undefined): value is string =>
  value !== undefined && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647;
const MISSING = new Set([SERIES_NOT_FOUND_MESSAGE, EPISODE_NOT_FOUND_MESSAGE]);

async function episodeAnswer(ctx: AppContext, match: RouteMatch, origin: string, language: Language) {
  const { seriesSlug, episodeNumber, seriesId, episodeId, id } = match.params;
  const byId = episodeId ?? id;
  if (byId !== undefined) {
    if (!isId(byId)) return null;
    const episode = await episodeDetail(ctx, null, Number(byId));
    if (seriesId !== undefined && seriesId !== String(episode.series)) return null;
    return { preview: episodePreview(await seriesDetail(ctx, episode.series), episode as Episode, origin, language) };
  }
  // `/player/{seriesSlug}/{episodeNumber}`: a slug, an id or the legacy `series-{id}`; `EP4` or `4`.
  const number = Number(/^(?:ep)?(\d{1,6})$/i.exec(episodeNumber ?? '')?.[1] ?? Number.NaN);
  // Anything else in the number's place is no episode (and never goes into a redirect's address).
  if (!Number.isInteger(number)) return null;
  const legacyId = /^series-(\d+)$/.exec(seriesSlug ?? '')?.[1] ?? (isId(seriesSlug) ? seriesSlug : undefined);
  let series: Series;
  if (legacyId !== undefined) {
    if (!isId(legacyId)) return null;
    series = await seriesDetail(ctx, Number(legacyId));
  } else {
    const found = await seriesBySlug(ctx, seriesSlug ?? '');
    if (found.moved)
      return {
        redirect: match.pattern
          .replace(':seriesSlug', found.series.slug)
          .replace(':episodeNumber', episodeNumber ?? ''),
      };
    series = found.series;
  }
  const episode = (await seriesEpisodes(ctx, null, series.id)).find((e) => e.episode_number === number);
  return episode ? { preview: episodePreview(series, episode as Episode, origin, language) } : null;
}

async function seriesAnswer(ctx: AppContext, match: RouteMatch, origin: string, language: Language) {
  const written = match.params.seriesId ?? match.params.id ?? '';
  if (isId(written)) return { preview: seriesPreview(await seriesDetail(ctx, Number(written)), origin, language) };
  // `/series/{slug}` opens the series at its address by id (the form the app links to).
  if (match.route === 'seriesDetail') return { redirect: paths.series((await seriesBySlug(ctx, written)).series.id) };
  return null;
}

/**
 * The page answer for a route of the table: the series or episode it opens when on show, else the
 * generic preview; a slug that is not the series' current address redirects to it.
 */
export async function pageAnswerFor(
  ctx: AppContext,
  match: RouteMatch,
  origin: string,
  path: string,
  language: Language = 'en',
): Promise<PageAnswer> {
  try {
    const answer =
      match.route === 'player'
        ? await episodeAnswer(ctx, match, origin, language)
        : match.route === 'seriesDetail' || match.route === 'seriesLegacy'
          ? await seriesAnswer(ctx, match, origin, language)
          : null;
    if (answer) return answer;
  } catch (error) {
    if (!MISSING.has((error as { message?: string }).message ?? '')) throw error;
  }
  return { preview: genericPreview(origin, path, language) };
}

/** The meta tags of a preview, for the page's head. */
export function previewTags(preview: SharePreview): string {
  const tags: Array<[attribute: 'property' | 'name', key: string, value: string]> = [
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:type', preview.type],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:url', preview.url],
    ['property', 'og:locale', preview.language === 'ru' ? 'ru_RU' : 'en_US'],
    ['name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', preview.title],
    ['name', 'twitter:description', preview.description],
  ];
  if (preview.image) {
    const words = PREVIEW_WORDS[preview.language];
    const alt = preview.type === 'video.episode' ? words.still(preview.title) : words.poster(preview.title);
    tags.push(['property', 'og:image', preview.image], ['property', 'og:image:alt', alt]);
    tags.push(['name', 'twitter:image', preview.image]);
  }
  return tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}"/>`).join('');
}

/**
 * The page with the preview's title, description and tags in its head. The page's own generic
 * description is replaced, so a shared series never shows two.
 */
export function withSharePreview(html: string, preview: SharePreview): string {
  if (!html.includes('</title>')) return html;
  const title = preview.title === SITE_NAME ? SITE_NAME : `${preview.title} · ${SITE_NAME}`;
  const head = `<link rel="canonical" href="${escapeHtml(preview.url)}"/>${previewTags(preview)}`;
  // Replacer functions: a `$` in a title must not be read as a replacement pattern.
  return html
    .replace(
      /<meta name="description"[^>]*>/,
      () => `<meta name="description" content="${escapeHtml(preview.description)}"/>`,
    )
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>${head}`);
}
