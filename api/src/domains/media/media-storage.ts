/**
 * Where finished media lives. Everything the pipeline writes goes through `MediaStorage`, so a
 * deployment can swap the local folder for an object store without touching the pipeline:
 *
 *   putFile(key, localPath)   copy one finished file in (poster, WebP image, source video)
 *   putDirectory(prefix, dir) copy a finished folder in (an HLS package: master, renditions, segments)
 *   urlOf(key)                the public address players and pages load
 *   remove(prefix)            drop a key or a whole folder (a failed or replaced package)
 *
 * `LocalMediaStorage` writes under MEDIA_ROOT, which the media plugin serves at /media/; it is the
 * default. `S3MediaStorage` (s3-media-storage.ts) writes to an S3-compatible bucket when MEDIA_S3_BUCKET
 * is set. Upload chunks and video sources stay in the local staging folder either way: they are never
 * public, and the converter reads them from disk.
 */
import { cp, mkdir, rm } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import type { S3StorageConfig } from '../../config';
import { mediaPath } from '../../media-urls';
import { S3MediaStorage } from './s3-media-storage';
import { assertSafeKey, keyUnder, type MediaStorage } from './storage-keys';

export class LocalMediaStorage implements MediaStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    const full = normalize(join(this.root, key));
    if (!full.startsWith(normalize(this.root) + sep)) throw new Error(`Media key escapes the root: ${key}`);
    return full;
  }

  async putFile(key: string, localPath: string): Promise<string> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    await cp(localPath, target);
    return this.urlOf(key);
  }

  async putDirectory(prefix: string, localDir: string): Promise<string> {
    const target = this.pathOf(prefix);
    await rm(target, { recursive: true, force: true });
    await mkdir(dirname(target), { recursive: true });
    await cp(localDir, target, { recursive: true });
    return this.urlOf(prefix);
  }

  urlOf(key: string): string {
    assertSafeKey(key);
    return mediaPath(key);
  }

  keyOf(address: string): string | null {
    return keyUnder('/media/', address);
  }

  async remove(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }
}

export interface MediaStorageSettings {
  mediaRoot: string;
  /** The object store, when one is configured (MEDIA_S3_*); null or left out keeps media in MEDIA_ROOT. */
  mediaStorage?: S3StorageConfig | null;
}

/** The object store an app uses, or null for the local folder; resumable uploads follow the same choice. */
export function objectStoreOf(config: MediaStorageSettings): S3StorageConfig | null {
  return config.mediaStorage ?? null;
}

const storages = new WeakMap<object, MediaStorage>();

/** The storage of an app: the local folder (MEDIA_ROOT) unless an S3-compatible store is configured. */
export function mediaStorageFor(config: MediaStorageSettings): MediaStorage {
  const known = storages.get(config);
  if (known) return known;
  const s3 = objectStoreOf(config);
  // One client per app: the SDK keeps its connections alive between uploads.
  const storage = s3 ? new S3MediaStorage(s3) : new LocalMediaStorage(config.mediaRoot);
  storages.set(config, storage);
  return storage;
}
