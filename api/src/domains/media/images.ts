/**
 * Still images with sharp: the optimisation of product.md#media (webp, inside 1920×1080, quality by preset, no metadata)
 * and title cards drawn from SVG for series that have no artwork yet (the demo catalogue, new series
 * in the admin until an image is uploaded).
 *
 * SVG text is rendered by librsvg with the system fonts; DejaVu Sans is the one font these machines are
 * known to have, and the card's layout estimates line widths from its metrics.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, extname } from 'node:path';
import { IMAGE_MAX_HEIGHT, IMAGE_MAX_WIDTH, IMAGE_QUALITY } from '@cliffhanger/shared/constants';
import sharp from 'sharp';

export const QUALITY_PRESETS = IMAGE_QUALITY;
export type ImageQualityPreset = keyof typeof QUALITY_PRESETS;
export type StillFormat = 'webp' | 'jpeg';

export interface ImageOutput {
  data: Buffer;
  width: number;
  height: number;
  format: StillFormat;
}

/**
 * Any image sharp reads → webp no larger than 1920×1080 (never enlarged), EXIF orientation applied
 * and then every metadata block dropped (sharp keeps none unless asked), so camera and location data
 * never reach the public media folder.
 */
export async function toWebp(
  input: string | Buffer,
  { preset = 'high', output }: { preset?: ImageQualityPreset; output?: string } = {},
): Promise<ImageOutput> {
  const { data, info } = await sharp(input)
    .rotate()
    .resize({ width: IMAGE_MAX_WIDTH, height: IMAGE_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: QUALITY_PRESETS[preset] })
    .toBuffer({ resolveWithObject: true });
  if (output) await writeAtomically(output, data);
  return { data, width: info.width, height: info.height, format: 'webp' };
}

export interface TitleCardColors {
  /** Gradient start (top left), #rrggbb. */
  from: string;
  /** Gradient end (bottom right). */
  to: string;
  /** Glows, the kicker line and the badge. */
  accent: string;
}

export interface TitleCardOptions {
  width: number;
  height: number;
  title: string;
  subtitle?: string;
  /** A short line above the title, e.g. the genre. */
  kicker?: string;
  /** A pill in the top corner, e.g. "GOLD". */
  badge?: string;
  colors: TitleCardColors;
  /** Written when given; the format follows its extension unless `format` says otherwise. */
  output?: string;
  format?: StillFormat;
  preset?: ImageQualityPreset;
}

const FONT_FAMILY = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
/** Average advance of DejaVu Sans Bold in ems for mixed-case text, used to wrap before rendering. */
export const BOLD_EM_PER_CHAR = 0.64;
export const REGULAR_EM_PER_CHAR = 0.56;
const TITLE_MAX_LINES = 3;
const SUBTITLE_MAX_LINES = 2;

/**
 * A poster, cover, banner or slide: a diagonal gradient with soft light, the title large and wrapped,
 * the subtitle below. Portrait cards stack the text centred at the bottom; landscape ones put it on
 * the left and leave the right for the light, like a hero slide. Sizes above 1920×1080 are allowed
 * here (a card is drawn, not optimised); {@link toWebp} is the gate for uploads.
 */
export async function renderTitleCard(options: TitleCardOptions): Promise<ImageOutput> {
  const format = options.format ?? formatFromPath(options.output) ?? 'webp';
  const quality = QUALITY_PRESETS[options.preset ?? 'high'];
  const image = sharp(Buffer.from(titleCardSvg(options)));
  const encoded =
    format === 'jpeg' ? image.jpeg({ quality, mozjpeg: true }) : image.webp({ quality, smartSubsample: true });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  if (options.output) await writeAtomically(options.output, data);
  return { data, width: info.width, height: info.height, format };
}

export function titleCardSvg({ width, height, title, subtitle, kicker, badge, colors }: TitleCardOptions): string {
  const portrait = height >= width;
  const short = Math.min(width, height);
  const margin = Math.round(short * 0.08);
  const textWidth = portrait ? width - margin * 2 : width * 0.58 - margin;
  const anchor = portrait ? 'middle' : 'start';
  const textX = portrait ? width / 2 : margin;

  const titleFit = fitLines(
    title,
    textWidth,
    portrait ? width * 0.12 : height * 0.13,
    BOLD_EM_PER_CHAR,
    TITLE_MAX_LINES,
  );
  const subtitleSize = Math.round(Math.max(14, short * (portrait ? 0.036 : 0.04)));
  const subtitleLines = subtitle
    ? wrapWords(subtitle, Math.floor(textWidth / (subtitleSize * REGULAR_EM_PER_CHAR))).slice(0, SUBTITLE_MAX_LINES)
    : [];
  if (subtitle && subtitleLines.join(' ').length < subtitle.trim().length) {
    subtitleLines[subtitleLines.length - 1] = `${subtitleLines[subtitleLines.length - 1].replace(/[\s,.;:]+$/, '')}…`;
  }
  const kickerSize = Math.round(Math.max(12, short * 0.032));
  const titleLineHeight = titleFit.size * 1.08;
  const subtitleLineHeight = subtitleSize * 1.35;
  const gap = Math.round(short * 0.03);

  const blockHeight =
    (kicker ? kickerSize + gap : 0) +
    titleFit.lines.length * titleLineHeight +
    (subtitleLines.length ? gap + subtitleLines.length * subtitleLineHeight : 0);
  // Portrait: the block sits on the bottom margin. Landscape: centred, nudged below the middle.
  let y = portrait ? height - margin - blockHeight : Math.max(margin, (height - blockHeight) / 2 + height * 0.04);

  const text: string[] = [];
  if (kicker) {
    y += kickerSize;
    text.push(
      `<text x="${textX}" y="${y.toFixed(1)}" text-anchor="${anchor}" font-size="${kickerSize}" font-weight="bold" letter-spacing="${(kickerSize * 0.18).toFixed(1)}" fill="${colors.accent}">${escapeXml(kicker.toUpperCase())}</text>`,
    );
    y += gap;
  }
  for (const line of titleFit.lines) {
    y += titleLineHeight;
    text.push(
      `<text x="${textX}" y="${(y - titleLineHeight * 0.12).toFixed(1)}" text-anchor="${anchor}" font-size="${titleFit.size}" font-weight="bold" fill="#ffffff" filter="url(#shadow)">${escapeXml(line)}</text>`,
    );
  }
  if (subtitleLines.length) y += gap;
  for (const line of subtitleLines) {
    y += subtitleLineHeight;
    text.push(
      `<text x="${textX}" y="${(y - subtitleLineHeight * 0.2).toFixed(1)}" text-anchor="${anchor}" font-size="${subtitleSize}" fill="#ffffff" fill-opacity="0.86">${escapeXml(line)}</text>`,
    );
  }

  const badgeSvg = badge ? badgePill(badge, width, margin, short, colors.accent) : '';
  const glowX = portrait ? width * 0.72 : width * 0.76;
  const glowY = portrait ? height * 0.3 : height * 0.42;
  const glowR = Math.max(width, height) * (portrait ? 0.55 : 0.42);
  // The shade under the text keeps white type readable on the lightest gradients.
  const shade = portrait
    ? `<rect x="0" y="${height * 0.45}" width="${width}" height="${height * 0.55}" fill="url(#shadeDown)"/>`
    : `<rect x="0" y="0" width="${width * 0.7}" height="${height}" fill="url(#shadeLeft)"/>`;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colors.from}"/>
      <stop offset="1" stop-color="${colors.to}"/>
    </linearGradient>
    <radialGradient id="glow">
      <stop offset="0" stop-color="${colors.accent}" stop-opacity="0.75"/>
      <stop offset="0.45" stop-color="${colors.accent}" stop-opacity="0.22"/>
      <stop offset="1" stop-color="${colors.accent}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="glowSoft">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.35"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="shadeDown" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.72"/>
    </linearGradient>
    <linearGradient id="shadeLeft" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#000000" stop-opacity="0.6"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0"/>
    </linearGradient>
    <filter id="shadow" x="-10%" y="-20%" width="120%" height="150%">
      <feDropShadow dx="0" dy="${(short * 0.006).toFixed(1)}" stdDeviation="${(short * 0.008).toFixed(1)}" flood-color="#000000" flood-opacity="0.55"/>
    </filter>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <circle cx="${glowX.toFixed(0)}" cy="${glowY.toFixed(0)}" r="${glowR.toFixed(0)}" fill="url(#glow)"/>
  <circle cx="${(width * 0.18).toFixed(0)}" cy="${(height * 0.12).toFixed(0)}" r="${(short * 0.45).toFixed(0)}" fill="url(#glowSoft)"/>
  <g stroke="#ffffff" stroke-opacity="0.08" stroke-width="${Math.max(2, short * 0.012).toFixed(0)}">
    <line x1="${width * 0.35}" y1="${-height * 0.1}" x2="${width * 1.05}" y2="${height * 0.6}"/>
    <line x1="${width * 0.5}" y1="${-height * 0.1}" x2="${width * 1.1}" y2="${height * 0.45}"/>
  </g>
  ${shade}
  ${badgeSvg}
  <g font-family="${FONT_FAMILY}">
    ${text.join('\n    ')}
  </g>
</svg>`;
}

function badgePill(label: string, width: number, margin: number, short: number, accent: string): string {
  const size = Math.round(Math.max(12, short * 0.034));
  const padX = size * 0.8;
  const pillWidth = label.length * size * 0.72 + padX * 2;
  const pillHeight = size * 1.9;
  const x = width - margin - pillWidth;
  return `<g font-family="${FONT_FAMILY}">
    <rect x="${x.toFixed(1)}" y="${margin}" width="${pillWidth.toFixed(1)}" height="${pillHeight.toFixed(1)}" rx="${(pillHeight / 2).toFixed(1)}" fill="${accent}"/>
    <text x="${(x + pillWidth / 2).toFixed(1)}" y="${(margin + pillHeight * 0.68).toFixed(1)}" text-anchor="middle" font-size="${size}" font-weight="bold" letter-spacing="${(size * 0.1).toFixed(1)}" fill="#1a1206">${escapeXml(label.toUpperCase())}</text>
  </g>`;
}

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

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function formatFromPath(file: string | undefined): StillFormat | undefined {
  const ext = file ? extname(file).toLowerCase() : '';
  if (ext === '.jpg' || ext === '.jpeg') return 'jpeg';
  if (ext === '.webp') return 'webp';
  return undefined;
}

/** Readers of the media folder never see half an image: write beside it, then rename over it. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}
