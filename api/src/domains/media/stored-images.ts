/**
 * Images into the media library: any accepted image (JPEG, PNG, WebP, checked by content) is
 * re-encoded to WebP with the rules (product.md#media) by `toWebp` — inside 1920×1080, quality by preset, metadata
 * dropped — stored, and recorded as a ready asset. Staff forms may send small images inline as
 * `data:` addresses; those are stored the same way, so the catalogue only ever holds media addresses,
 * but recorded only by the catalogue write that uses them (`writeWithImages`).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMAGE_HOST_THRESHOLD_BYTES } from '@cliffhanger/shared/constants';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { Executor, MediaAssetRow, Trx } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { ACCEPTED_TYPES, sniffContent } from './content-sniffing';
import { type ImageQualityPreset, toWebp } from './images';
import { insertAsset } from './media-library.repository';
import { mediaStorageFor } from './media-storage';

export const unsupportedImage = () =>
  new HttpError(415, `This file is not an image we accept. Upload ${ACCEPTED_TYPES.image}.`);

/** An image encoded and put in storage, not yet recorded: `recordImage` gives it its library row. */
export interface PreparedImage {
  key: string;
  url: string;
  size: number;
  width: number;
  height: number;
  originalName: string;
  uploadedBy: number | null;
}

/** Checks and encodes an image and puts the file in storage; writes no row. */
export async function prepareImage(
  ctx: AppContext,
  input: { bytes: Buffer; originalName: string; uploadedBy: number | null; preset?: ImageQualityPreset },
): Promise<PreparedImage> {
  const sniffed = sniffContent(input.bytes);
  if (sniffed?.kind !== 'image') throw unsupportedImage();
  let output: Awaited<ReturnType<typeof toWebp>>;
  try {
    output = await toWebp(input.bytes, { preset: input.preset ?? 'high' });
  } catch {
    // The signature matched but the body is not a decodable image (truncated, corrupt).
    throw new HttpError(422, 'The image could not be read. It may be damaged; please export it again.');
  }
  const key = `library/images/${randomUUID()}.webp`;
  const scratch = await mkdtemp(join(tmpdir(), 'cliffhanger-image-'));
  try {
    const file = join(scratch, 'image.webp');
    await writeFile(file, output.data);
    const url = await mediaStorageFor(ctx.config).putFile(key, file);
    return {
      key,
      url,
      size: output.data.length,
      width: output.width,
      height: output.height,
      originalName: input.originalName.slice(0, 255),
      uploadedBy: input.uploadedBy,
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The library row of a prepared image, written with `db` (pass the transaction of the write it belongs to). */
export async function recordImage(ctx: AppContext, db: Executor, image: PreparedImage): Promise<MediaAssetRow> {
  const at = nowIso(ctx);
  return insertAsset(db, {
    kind: 'image',
    status: 'ready',
    original_name: image.originalName,
    content_type: 'image/webp',
    size: image.size,
    source_key: image.key,
    url: image.url,
    hls_url: null,
    poster_url: null,
    thumbnail_url: image.url,
    width: image.width,
    height: image.height,
    duration_seconds: null,
    renditions: null,
    episode_id: null,
    uploaded_by: image.uploadedBy,
    created_at: at,
    updated_at: at,
  });
}

/**
 * Removes the files of prepared images whose write was refused or failed. Best effort: a file no row
 * points at is never served as catalogue media, and the caller's own error is the one to report.
 */
export async function discardImages(ctx: AppContext, images: PreparedImage[]): Promise<void> {
  const storage = mediaStorageFor(ctx.config);
  await Promise.allSettled(images.map((image) => storage.remove(image.key)));
}

/** Stores an image as a ready library asset: encoded, put in storage and recorded. */
export async function storeImage(
  ctx: AppContext,
  input: { bytes: Buffer; originalName: string; uploadedBy: number | null; preset?: ImageQualityPreset },
): Promise<MediaAssetRow> {
  const image = await prepareImage(ctx, input);
  try {
    return await recordImage(ctx, ctx.db, image);
  } catch (error) {
    await discardImages(ctx, [image]);
    throw error;
  }
}

const DATA_URL = /^data:image\/(?:jpeg|jpg|png|webp);base64,([A-Za-z0-9+/=\s]+)$/;

/** A media field's value as it will be stored, and the inline image behind it, not yet recorded. */
export interface ImageAddress {
  address: string | null;
  image: PreparedImage | null;
}

/**
 * A media field's value as stored: a `data:` image is checked, encoded and put in storage (its row is
 * written by `writeWithImages`, with the write that uses it); other addresses stay.
 */
export async function prepareImageAddress(
  ctx: AppContext,
  value: string | null,
  field: string,
  uploadedBy: number,
): Promise<ImageAddress> {
  if (value === null) return { address: null, image: null };
  // Answers carry absolute addresses when PUBLIC_URL is set; the catalogue keeps our own media relative.
  const publicUrl = ctx.config.publicUrl;
  if (publicUrl && value.startsWith(`${publicUrl}/media/`)) {
    return { address: value.slice(publicUrl.length), image: null };
  }
  if (!value.startsWith('data:')) return { address: value, image: null };
  const match = DATA_URL.exec(value);
  if (!match) throw new HttpError(400, `${field} must be a JPEG, PNG or WebP image`);
  const bytes = Buffer.from(match[1] as string, 'base64');
  if (bytes.length > IMAGE_HOST_THRESHOLD_BYTES) {
    throw new HttpError(413, `${field} is larger than 500 KB: upload it through the media library instead`);
  }
  const image = await prepareImage(ctx, { bytes, originalName: `${field}.webp`, uploadedBy });
  return { address: image.url, image };
}

/**
 * Runs `write` in one staff transaction and records the prepared images' library rows in that same
 * transaction once `write` has passed its checks, so a refused write (404, 409, 400) or a failed one
 * leaves no row; their files are removed again.
 */
export async function writeWithImages<R>(
  ctx: AppContext,
  images: PreparedImage[],
  write: (trx: Trx) => Promise<R>,
): Promise<R> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const result = await write(trx);
      for (const image of images) await recordImage(ctx, trx, image);
      return result;
    });
  } catch (error) {
    await discardImages(ctx, images);
    throw error;
  }
}
