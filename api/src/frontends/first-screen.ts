/**
 * The home screen's largest paint is the first featured series' hero image. Left to the browser, it is
 * found only at the end of a chain — page → shell → catalog remote → featured list → image, several
 * round trips on a phone's network. The page answered for `/` names it instead: a high-priority preload
 * in the answer's `Link` header and at the top of the head (with the renditions a phone picks from), and
 * a start-up skeleton that lays out the site header, the title and the hero exactly where and as large
 * as the home screen shows them, with the hero's smallest rendition inlined behind the image. The
 * picture is then on screen at the first paint, and the real screen takes its place without a jump.
 */

import { FIRST_HERO_PRELOAD_ID, HOME_SCREEN_TITLES, heroImageOf } from '@cliffhanger/shared/first-screen';
import {
  HERO_IMAGE_SIZES,
  hasRenditions,
  IMAGE_RENDITION_WIDTHS,
  responsiveImage,
} from '@cliffhanger/shared/image-renditions';
import type { Language } from '@cliffhanger/shared/languages';
import type { AppContext } from '../context';
import { highlights } from '../domains/catalogue/catalogue.service';
import { imageRenditions, mediaFileInside } from '../domains/media/image-renditions';
import { MEDIA_PREFIX } from '../domains/media/media.plugin';

/** The start-up loader exactly as the shell's index.html has it (after minification). */
export const DEFAULT_STARTUP_LOADER =
  '<div id="startup-loader" aria-hidden="true"><div class="startup-logo">Cliffhanger</div></div>';

export interface FirstScreen {
  heroImage: string;
  /**
   * The hero's smallest rendition inlined as a data address (a few kilobytes), drawn behind the image
   * until it arrives: the picture is there at the first paint, sharp on a phone and blurred up on a
   * wide screen. Only for images this server stores.
   */
  placeholder?: string;
}

/** Larger placeholders would slow the page more than they save. */
const PLACEHOLDER_MAX_BYTES = 8 * 1024;

async function placeholderOf(ctx: AppContext, image: string): Promise<string | undefined> {
  if (!hasRenditions(image)) return undefined;
  const path = new URL(image, 'http://page.invalid').pathname.slice(MEDIA_PREFIX.length);
  const file = mediaFileInside(ctx.config.mediaRoot, path);
  if (!file) return undefined;
  try {
    const { data } = await imageRenditions.get(file, IMAGE_RENDITION_WIDTHS[0]);
    return data.length <= PLACEHOLDER_MAX_BYTES ? `data:image/webp;base64,${data.toString('base64')}` : undefined;
  } catch {
    return undefined; // stored elsewhere (an object store) or unreadable: the page simply waits for the image
  }
}

/** What the home screen will show first, or null when there is no featured series with an image. */
export async function homeFirstScreen(ctx: AppContext): Promise<FirstScreen | null> {
  const [first] = await highlights(ctx, 'featured');
  const heroImage = first ? heroImageOf(first) : null;
  if (!heroImage) return null;
  const placeholder = await placeholderOf(ctx, heroImage);
  return placeholder ? { heroImage, placeholder } : { heroImage };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The same preload as an HTTP `Link` header: the browser starts the image when the answer's headers
 * arrive, before it has parsed any of the page.
 */
export function firstScreenLinkHeader(first: FirstScreen | null): string | null {
  if (!first) return null;
  const image = responsiveImage(first.heroImage, HERO_IMAGE_SIZES);
  const choice = image.srcSet ? `; imagesrcset="${image.srcSet}"; imagesizes="${image.sizes}"` : '';
  const header = `<${image.src}>; rel=preload; as=image${choice}; fetchpriority=high`;
  // Only plain printable ASCII goes in a header; any other address keeps just the page's own preload.
  return /^[\x20-\x7e]*$/.test(header) && !/[<>"]/.test(image.src) ? header : null;
}

/**
 * The page with the hero preloaded and laid out in its start-up skeleton, its heading and `<html lang>`
 * in the language the browser asks for; unchanged without a hero.
 */
export function withFirstScreen(html: string, first: FirstScreen | null, language: Language = 'en'): string {
  if (!first || !html.includes(DEFAULT_STARTUP_LOADER) || !html.includes('</title>')) return html;
  const image = responsiveImage(first.heroImage, HERO_IMAGE_SIZES);
  const src = escapeAttribute(image.src);
  // A phone fetches the rendition its screen needs (the same one the home screen's hero picks).
  const choice = image.srcSet
    ? {
        preload: ` imagesrcset="${escapeAttribute(image.srcSet)}" imagesizes="${escapeAttribute(image.sizes ?? '')}"`,
        img: ` srcset="${escapeAttribute(image.srcSet)}" sizes="${escapeAttribute(image.sizes ?? '')}"`,
      }
    : { preload: '', img: '' };
  const placeholder = first.placeholder ? ` style="background-image:url(${escapeAttribute(first.placeholder)})"` : '';
  const preload = `<link rel="preload" as="image" href="${src}"${choice.preload} fetchpriority="high" id="${FIRST_HERO_PRELOAD_ID}"/>`;
  const skeleton =
    '<div id="startup-loader" aria-hidden="true" class="startup-loader--home">' +
    '<div class="startup-header"><div class="startup-logo">Cliffhanger</div></div>' +
    `<div class="startup-page"><div class="startup-title">${HOME_SCREEN_TITLES[language]}</div>` +
    `<div class="startup-hero"><img class="startup-hero-image" src="${src}"${choice.img}${placeholder} alt="" fetchpriority="high"/></div>` +
    '</div></div>';
  return withPageLanguage(html, language)
    .replace('</title>', `</title>${preload}`)
    .replace(DEFAULT_STARTUP_LOADER, skeleton);
}

/** The page's `<html lang>`: the language its server-written words (skeleton, link preview) are in. */
export function withPageLanguage(html: string, language: Language): string {
  return html.replace(/<html\b[^>]*>/, (tag) =>
    /\slang="[^"]*"/.test(tag)
      ? tag.replace(/\slang="[^"]*"/, ` lang="${language}"`)
      : tag.replace('<html', `<html lang="${language}"`),
  );
}
