/**
 * The browser image optimiser of product.md#media: an image staff pick is scaled into 1920×1080 (never enlarged) and
 * re-encoded to WebP on a canvas at a quality preset (thumbnail 30 … original 100). Results are cached
 * (at most 50 entries; when full, the oldest 20% go; an entry lives 24 h), so picking the same file
 * again, or switching presets back and forth, costs nothing. The server re-encodes whatever it gets
 * (api/src/domains/media/images.ts); this step keeps uploads small on slow connections.
 */
import {
  IMAGE_CACHE_EVICT_FRACTION,
  IMAGE_CACHE_MAX_ENTRIES,
  IMAGE_CACHE_TTL_MS,
  IMAGE_MAX_HEIGHT,
  IMAGE_MAX_WIDTH,
  IMAGE_OUTPUT_FORMAT,
  IMAGE_QUALITY,
} from '@cliffhanger/shared';
import { mediaT } from './messages';

export type QualityPreset = keyof typeof IMAGE_QUALITY;

interface CacheEntry<T> {
  value: T;
  storedAt: number;
}

/** A small insertion-ordered cache with the size (product.md#media), eviction and expiry rules. */
export class OptimisedImageCache<T = string> {
  private readonly entries = new Map<string, CacheEntry<T>>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxEntries = IMAGE_CACHE_MAX_ENTRIES,
    private readonly evictFraction = IMAGE_CACHE_EVICT_FRACTION,
    private readonly ttlMs = IMAGE_CACHE_TTL_MS,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const drop = Math.max(1, Math.ceil(this.maxEntries * this.evictFraction));
      // A Map iterates in insertion order: the first keys are the oldest.
      for (const oldest of [...this.entries.keys()].slice(0, drop)) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, storedAt: this.now() });
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The size that fits inside the maximum (product.md#media), keeping the aspect ratio and never enlarging. */
export function fitInside(width: number, height: number, maxWidth = IMAGE_MAX_WIDTH, maxHeight = IMAGE_MAX_HEIGHT) {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** How many bytes a base64 `data:` address decodes to. */
export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

const cache = new OptimisedImageCache();

async function decode(file: Blob): Promise<{ source: CanvasImageSource; width: number; height: number }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height };
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return { source: image, width: image.naturalWidth, height: image.naturalHeight };
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The picked file as an optimised WebP `data:` address. */
export async function optimiseImage(file: File, preset: QualityPreset = 'high'): Promise<string> {
  const key = `${file.name}|${file.size}|${file.lastModified}|${preset}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const { source, width, height } = await decode(file);
  const size = fitInside(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(mediaT('error.noCanvas'));
  context.drawImage(source, 0, 0, size.width, size.height);
  const dataUrl = canvas.toDataURL(`image/${IMAGE_OUTPUT_FORMAT}`, IMAGE_QUALITY[preset] / 100);
  cache.set(key, dataUrl);
  return dataUrl;
}
