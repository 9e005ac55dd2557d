/**
 * Renditions of stored images (`/media/<image>?w=<width>`, see shared/src/http/image-renditions.ts):
 * scaled down with sharp on first request, kept in memory (bounded, least recently used first out)
 * keyed by file, its modification time and the width, so a replaced image gets fresh renditions.
 * Concurrent first requests for one rendition share one resize.
 */
import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { IMAGE_QUALITY } from '@cliffhanger/shared/constants';
import { IMAGE_RENDITION_WIDTHS, type ImageRenditionWidth } from '@cliffhanger/shared/image-renditions';
import sharp from 'sharp';

export const RESIZABLE_IMAGE = /\.(webp|jpe?g|png)$/i;
const CACHE_BYTES = 32 * 1024 * 1024;

export interface Rendition {
  data: Buffer;
  etag: string;
}

export function renditionWidth(value: unknown): ImageRenditionWidth | null {
  const width = Number(value);
  return (IMAGE_RENDITION_WIDTHS as readonly number[]).includes(width) && String(value) === String(width)
    ? (width as ImageRenditionWidth)
    : null;
}

/**
 * The file a `/media/` path names inside `root`, or null for anything outside it or hidden: the path
 * is decoded once, and no segment may be empty, `..` or start with a dot.
 */
export function mediaFileInside(root: string, rawPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  const segments = decoded.replace(/^\/+/, '').split('/');
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  if (segments.some((segment) => segment === '' || segment.startsWith('.'))) return null;
  const file = join(root, ...segments);
  const inside = relative(root, file);
  return inside && !inside.startsWith(`..${sep}`) && inside !== '..' && !isAbsolute(inside) ? file : null;
}

export class RenditionCache {
  private readonly entries = new Map<string, Rendition>();
  private readonly pending = new Map<string, Promise<Rendition>>();
  private bytes = 0;

  constructor(private readonly maxBytes = CACHE_BYTES) {}

  /** The rendition of `file` at `width`; throws ENOENT for a missing file, sharp's error for a broken one. */
  async get(file: string, width: ImageRenditionWidth): Promise<Rendition> {
    const info = await stat(file);
    if (!info.isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOENT' });
    const key = `${file}\0${info.mtimeMs}\0${info.size}\0${width}`;
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key); // most recently used goes last
      this.entries.set(key, cached);
      return cached;
    }
    let work = this.pending.get(key);
    if (!work) {
      work = render(file, width, `W/"${info.size.toString(36)}-${Math.trunc(info.mtimeMs).toString(36)}-w${width}"`)
        .then((rendition) => {
          this.keep(key, rendition);
          return rendition;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, work);
    }
    return work;
  }

  private keep(key: string, rendition: Rendition) {
    if (rendition.data.length > this.maxBytes) return;
    this.entries.set(key, rendition);
    this.bytes += rendition.data.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.data.length;
    }
  }
}

async function render(file: string, width: number, etag: string): Promise<Rendition> {
  // The bytes, not the path: sharp would otherwise answer a replaced file from its own file cache.
  const data = await sharp(await readFile(file))
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: IMAGE_QUALITY.medium })
    .toBuffer();
  return { data, etag };
}

/** This process's renditions: the media route answers them and the home page inlines the smallest. */
export const imageRenditions = new RenditionCache();
