/**
 * Smaller renditions of stored images: the media server answers `/media/<image>?w=<width>` with the
 * image scaled down to that width (never up), so a phone downloads a picture its size instead of the
 * 1920-pixel original. Only these widths exist; anything else is refused. Images that are not served
 * from `/media/` (an object store's or the image host's addresses) have no renditions.
 */
export const IMAGE_RENDITION_WIDTHS = [360, 720, 1080] as const;
export type ImageRenditionWidth = (typeof IMAGE_RENDITION_WIDTHS)[number];

/**
 * How wide the home screen's hero image is drawn: the page's width less its padding on phones, two
 * thirds of it beside the text from 768 px, at most two thirds of the 1200 px page.
 */
export const HERO_IMAGE_SIZES =
  '(min-width: 1232px) 779px, (min-width: 768px) calc((100vw - 32px) * 2 / 3), calc(100vw - 32px)';

const MEDIA_PATH = /^(?:https?:\/\/[^/]+)?\/media\/[^?#]+\.(?:webp|jpe?g|png)$/i;

/** Whether the media server can answer renditions of this address. */
export function hasRenditions(src: string): boolean {
  return MEDIA_PATH.test(src);
}

/** The address of `src` scaled to `width` pixels wide. */
export function renditionOf(src: string, width: ImageRenditionWidth): string {
  return `${src}?w=${width}`;
}

export interface ResponsiveImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/** `src` with the renditions a browser may pick from for an image drawn `sizes` wide. */
export function responsiveImage(src: string, sizes: string): ResponsiveImage {
  if (!hasRenditions(src)) return { src };
  const srcSet = IMAGE_RENDITION_WIDTHS.map((width) => `${renditionOf(src, width)} ${width}w`).join(', ');
  return { src, srcSet, sizes };
}
