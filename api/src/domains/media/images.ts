/**
 * Still images with sharp: the optimisation of product.md#media (webp, inside 1920×1080, quality by
 * preset, no metadata), and the line fitting the demo's drawn text uses (DejaVu Sans metrics).
 */
import { IMAGE_MAX_HEIGHT, IMAGE_MAX_WIDTH, IMAGE_QUALITY } from '@cliffhanger/shared/constants';
import sharp from 'sharp';

export const QUALITY_PRESETS = IMAGE_QUALITY;
export type ImageQualityPreset = keyof typeof QUALITY_PRESETS;

export interface ImageOutput {
  data: Buffer;
  width: number;
  height: number;
  format: 'webp';
}

/**
 * Any image sharp reads → webp no larger than 1920×1080 (never enlarged), EXIF orientation applied
 * and then every metadata block dropped (sharp keeps none unless asked), so camera and location data
 * never reach the public media folder.
 */
export async function toWebp(
  input: string | Buffer,
  { preset = 'high' }: { preset?: ImageQualityPreset } = {},
): Promise<ImageOutput> {
  const { data, info } = await sharp(input)
    .rotate()
    .resize({ width: IMAGE_MAX_WIDTH, height: IMAGE_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: QUALITY_PRESETS[preset] })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, format: 'webp' };
}

/** Average advance of DejaVu Sans Bold in ems for mixed-case text, used to wrap before rendering. */
export const BOLD_EM_PER_CHAR = 0.64;
export const REGULAR_EM_PER_CHAR = 0.56;

/**
 * The largest font size, up to `maxSize`, at which `text` wraps into at most `maxLines` lines that fit
 * `width`; words longer than a line shrink the size rather than being broken.
 */
export function fitLines(
  text: string,
  width: number,
  maxSize: number,
  emPerChar: number,
  maxLines: number,
): { size: number; lines: string[] } {
  const minSize = 10;
  for (let size = Math.round(maxSize); size > minSize; size = Math.floor(size * 0.92)) {
    const maxChars = Math.floor(width / (size * emPerChar));
    const lines = wrapWords(text, maxChars);
    if (lines.length <= maxLines && lines.every((line) => line.length <= maxChars)) return { size, lines };
  }
  return { size: minSize, lines: wrapWords(text, Math.floor(width / (minSize * emPerChar))) };
}

/** Greedy word wrap by character count. */
export function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.trim().split(/\s+/)) {
    if (!word) continue;
    if (current && current.length + 1 + word.length > maxChars) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  return lines;
}
