/**
 * Finished media in an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, Backblaze B2, …),
 * chosen when MEDIA_S3_BUCKET is set. Each file is one PutObject with the content type and cache rule
 * the local /media/ server would have sent; a folder is its files under one key prefix; removing lists
 * the prefix and deletes in batches. Addresses are MEDIA_S3_PUBLIC_URL + key (a CDN or the bucket's
 * public host), so players load media straight from the store, never through the API.
 *
 * Checksums are sent only where S3 requires them: several S3-compatible stores refuse the trailing
 * checksums the SDK otherwise adds to every upload. The SDK is loaded only when a store is configured,
 * so an API on the local folder never pays for it.
 */
import { readdir, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../../config';
import { MEDIA_CONTENT_TYPES, mediaCacheControl } from './media.plugin';
import { assertSafeKey, encodeKey, keyUnder, type MediaStorage } from './storage-keys';

/** Uploads in flight at once while storing a folder (an HLS package has dozens of small segments). */
const PUT_CONCURRENCY = 4;
/** DeleteObjects takes at most 1,000 keys per call. */
const DELETE_BATCH = 1_000;

/** Every file under `dir`, as forward-slash paths relative to it. */
async function filesUnder(dir: string, relative = ''): Promise<string[]> {
  const entries = await readdir(join(dir, relative), { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return filesUnder(dir, path);
      return entry.isFile() ? [path] : [];
    }),
  );
  return nested.flat();
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

/** Presigned addresses live at most this long (S3's own limit is 7 days). */
const MAX_PRESIGN_SECONDS = 7 * 24 * 60 * 60;

type S3Sdk = typeof import('@aws-sdk/client-s3');

export class S3MediaStorage implements MediaStorage {
  private readonly ready: Promise<{ sdk: S3Sdk; client: S3Client }>;
  private readonly publicBase: string;
  /** The bucket's own address: presigned requests go here, never through a public CDN address. */
  private readonly signedBase: string;

  constructor(private readonly config: S3StorageConfig) {
    const options: S3ClientConfig = {
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    };
    if (config.endpoint) options.endpoint = config.endpoint;
    if (config.accessKeyId && config.secretAccessKey) {
      options.credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey };
    }
    this.ready = import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: new sdk.S3Client(options) }));
    this.signedBase = S3MediaStorage.defaultPublicBase(config);
    this.publicBase = config.publicUrl ?? this.signedBase;
  }

  /** The bucket's own address: path-style on the endpoint, or the bucket's virtual host. */
  static defaultPublicBase(config: S3StorageConfig): string {
    if (!config.endpoint) return `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
    const endpoint = new URL(config.endpoint);
    if (config.forcePathStyle) return `${config.endpoint}/${encodeURIComponent(config.bucket)}`;
    return `${endpoint.protocol}//${config.bucket}.${endpoint.host}${endpoint.pathname.replace(/\/+$/, '')}`;
  }

  async putFile(key: string, localPath: string): Promise<string> {
    assertSafeKey(key);
    const { sdk, client } = await this.ready;
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Body: await readFile(localPath),
        ContentType: MEDIA_CONTENT_TYPES[extname(key).toLowerCase()] ?? 'application/octet-stream',
        CacheControl: mediaCacheControl(key),
      }),
    );
    return this.urlOf(key);
  }

  async putDirectory(prefix: string, localDir: string): Promise<string> {
    assertSafeKey(prefix);
    await this.remove(prefix);
    const files = await filesUnder(localDir);
    await inBatches(files, PUT_CONCURRENCY, async (file) => {
      await this.putFile(`${prefix}/${file}`, join(localDir, file));
    });
    return this.urlOf(prefix);
  }

  urlOf(key: string): string {
    assertSafeKey(key);
    return `${this.publicBase}/${encodeKey(key)}`;
  }

  keyOf(address: string): string | null {
    return keyUnder(`${this.publicBase}/`, address) ?? keyUnder(`${this.signedBase}/`, address);
  }

  /** The origin presigned addresses are on (the page's media and connect sources must allow it). */
  get signedOrigin(): string {
    return new URL(this.signedBase).origin;
  }

  /** One object's bytes, read with the API's credentials (private objects included). */
  async read(key: string): Promise<Buffer> {
    assertSafeKey(key);
    const { sdk, client } = await this.ready;
    const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
    if (!answer.Body) throw Object.assign(new Error(`${key} has no body`), { code: 'ENOENT' });
    return Buffer.from(await answer.Body.transformToByteArray());
  }

  /**
   * A presigned GET address of a private object (the SDK's presigner, Signature Version 4 in the query
   * string), signed at `signedAt` and valid until `expiresAt`. The same times give the same address,
   * so browsers and caches can reuse what they fetched.
   */
  async presign(key: string, signedAt: Date, expiresAt: Date): Promise<string> {
    assertSafeKey(key);
    const [{ sdk, client }, { getSignedUrl }] = await Promise.all([
      this.ready,
      import('@aws-sdk/s3-request-presigner'),
    ]);
    const seconds = Math.round((expiresAt.getTime() - signedAt.getTime()) / 1000);
    return getSignedUrl(client, new sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: key }), {
      signingDate: signedAt,
      expiresIn: Math.min(MAX_PRESIGN_SECONDS, Math.max(1, seconds)),
    });
  }

  async remove(prefix: string): Promise<void> {
    assertSafeKey(prefix);
    const { sdk, client } = await this.ready;
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        // `library/videos/1` must not take `library/videos/12` with it.
        if (object.Key && (object.Key === prefix || object.Key.startsWith(`${prefix}/`))) keys.push(object.Key);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      const answer = await client.send(
        new sdk.DeleteObjectsCommand({
          Bucket: this.config.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = answer.Errors?.[0];
      if (failed) throw new Error(`The media store kept ${failed.Key}: ${failed.Code ?? ''} ${failed.Message ?? ''}`);
    }
  }

  /** Closes the client's connections (tests, shutdown). */
  async destroy(): Promise<void> {
    (await this.ready).client.destroy();
  }
}
