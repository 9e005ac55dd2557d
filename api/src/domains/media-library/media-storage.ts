/**
 * Where finished media lives. Everything the pipeline writes goes through `MediaStorage`, so a
 * deployment can swap the local folder for an object store without touching the pipeline:
 *
 *   putFile(key, localPath)   copy one finished file in (poster, WebP image, source video)
 *   putDirectory(prefix, dir) copy a finished folder in (an HLS package: master, renditions, segments)
 *   urlOf(key)                the public address players and pages load
 *   remove(prefix)            drop a key or a whole folder (a failed or replaced package)
 *
 * `LocalMediaStorage` writes under MEDIA_ROOT, which the media plugin serves at /media/. An S3-compatible
 * adapter would implement the same four calls (PutObject per file, a public bucket URL or CDN host in
 * `urlOf`); it is not included because `@aws-sdk/client-s3` cannot be exercised against a real store
 * here, and an untested adapter for money-adjacent infrastructure is worse than none.
 */
import { cp, mkdir, rm } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { mediaPath } from '../../media/media-urls';

export interface MediaStorage {
  putFile(key: string, localPath: string): Promise<string>;
  putDirectory(prefix: string, localDir: string): Promise<string>;
  urlOf(key: string): string;
  remove(prefix: string): Promise<void>;
}

/** Keys are relative, forward-slash paths without `..`; anything else is a programming error. */
export function assertSafeKey(key: string): void {
  if (!key || key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '' || part === '.')) {
    throw new Error(`Unsafe media storage key: ${key}`);
  }
}

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

  async remove(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }
}

/** The storage of an app: the local folder (MEDIA_ROOT) until another adapter is configured. */
export function mediaStorageFor(config: { mediaRoot: string }): MediaStorage {
  return new LocalMediaStorage(config.mediaRoot);
}
