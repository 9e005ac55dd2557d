/**
 * Link previews for shared series. Messaging apps and social sites fetch a shared address without
 * running JavaScript and read the Open Graph and Twitter card tags in the page's head. The page
 * answered for `/series/{id}` carries them for a series on show: its title, a short description and
 * its poster as an absolute address. A draft, a hidden or an unknown series gets the site's generic
 * tags, so nothing about it leaks.
 */
import { SERIES_NOT_FOUND_MESSAGE } from '@cliffhanger/shared/constants';
import type { Series } from '@cliffhanger/shared/entities';
import type { AppContext } from '../context';
import { seriesDetail } from '../domains/catalogue/catalogue.service';

export const SITE_NAME = 'Cliffhanger';
export const GENERIC_DESCRIPTION = 'Cliffhanger — short vertical dramas you can binge in minutes.';

/** Previews show about two lines; longer descriptions end with an ellipsis at a word boundary. */
export const PREVIEW_DESCRIPTION_MAX = 200;

export interface SharePreview {
  title: string;
  description: string;
  /** The page's own address (absolute). */
  url: string;
  /** The picture, absolute; null when there is none. */
  image: string | null;
  type: 'video.tv_show' | 'website';
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

export function seriesPreview(series: Series, origin: string): SharePreview {
  const picture = series.poster_image ?? series.cover_image ?? series.banner_image ?? series.slider_image;
  return {
    title: series.title,
    description: shortDescription(series.description) || GENERIC_DESCRIPTION,
    url: `${origin}/series/${series.id}`,
    image: picture ? absoluteAddress(picture, origin) : null,
    type: 'video.tv_show',
  };
}

export function genericPreview(origin: string, path: string): SharePreview {
  return { title: SITE_NAME, description: GENERIC_DESCRIPTION, url: `${origin}${path}`, image: null, type: 'website' };
}

/** The preview of `/series/{id}`: the series when it is on show, else the generic one. */
export async function sharePreviewFor(ctx: AppContext, rawId: string, origin: string): Promise<SharePreview> {
  const path = `/series/${encodeURIComponent(rawId)}`;
  if (!/^[1-9]\d{0,9}$/.test(rawId) || Number(rawId) > 2_147_483_647) return genericPreview(origin, path);
  try {
    return seriesPreview(await seriesDetail(ctx, Number(rawId)), origin);
  } catch (error) {
    if ((error as { message?: string }).message === SERIES_NOT_FOUND_MESSAGE) return genericPreview(origin, path);
    throw error;
  }
}

/** The meta tags of a preview, for the page's head. */
export function previewTags(preview: SharePreview): string {
  const tags: Array<[attribute: 'property' | 'name', key: string, value: string]> = [
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:type', preview.type],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:url', preview.url],
    ['name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', preview.title],
    ['name', 'twitter:description', preview.description],
  ];
  if (preview.image) {
    tags.push(['property', 'og:image', preview.image], ['property', 'og:image:alt', `Poster of ${preview.title}`]);
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
