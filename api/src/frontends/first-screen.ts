/**
 * The home screen's largest paint is the first featured series' hero image. Left to the browser, it is
 * found only at the end of a chain — page → shell → catalog remote → featured list → image, several
 * round trips on a phone's network. The page answered for `/` names it instead: a high-priority preload
 * at the top of the head, and a start-up skeleton that lays out the site header and the hero with that
 * image exactly where and as large as the home screen shows it. The picture is then on screen as soon as
 * the page and one image have arrived, and the real screen takes its place without a jump.
 */
import { FIRST_HERO_PRELOAD_ID, HOME_SCREEN_TITLE, heroImageOf } from '@cliffhanger/shared/src/startup/first-screen';
import type { AppContext } from '../context';
import { highlights } from '../domains/catalogue/catalogue.service';

/** The start-up loader exactly as the shell's index.html has it (after minification). */
export const DEFAULT_STARTUP_LOADER =
  '<div id="startup-loader" aria-hidden="true"><div class="startup-logo">Cliffhanger</div></div>';

export interface FirstScreen {
  heroImage: string;
}

/** What the home screen will show first, or null when there is no featured series with an image. */
export async function homeFirstScreen(ctx: AppContext): Promise<FirstScreen | null> {
  const [first] = await highlights(ctx, 'featured');
  const heroImage = first ? heroImageOf(first) : null;
  return heroImage ? { heroImage } : null;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page with the hero preloaded and laid out in its start-up skeleton; unchanged without one. */
export function withFirstScreen(html: string, first: FirstScreen | null): string {
  if (!first || !html.includes(DEFAULT_STARTUP_LOADER) || !html.includes('</title>')) return html;
  const src = escapeAttribute(first.heroImage);
  const preload = `<link rel="preload" as="image" href="${src}" fetchpriority="high" id="${FIRST_HERO_PRELOAD_ID}"/>`;
  const skeleton =
    '<div id="startup-loader" aria-hidden="true" class="startup-loader--home">' +
    '<div class="startup-header"><div class="startup-logo">Cliffhanger</div></div>' +
    `<div class="startup-page"><div class="startup-title">${HOME_SCREEN_TITLE}</div>` +
    `<div class="startup-hero"><img class="startup-hero-image" src="${src}" alt="" fetchpriority="high"/></div>` +
    '</div></div>';
  return html.replace('</title>', `</title>${preload}`).replace(DEFAULT_STARTUP_LOADER, skeleton);
}
