/**
 * Images into the media library: any accepted image (JPEG, PNG, WebP, checked by content) is
 * re-encoded to WebP with the §9 rules by `toWebp` — inside 1920×1080, quality by preset, metadata
 * dropped — stored, and recorded as a ready asset. Staff forms may send small images inline as
 * `data:` addresses; those are stored the same way, so the catalogue only ever holds media addresses.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IMAGE_HOST_THRESHOLD_BYTES } from '@cliffhanger/shared/src/constants';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import { HttpError } from '../../http/errors';
import { type ImageQualityPreset, toWebp } from '../../media/images';
import { type MediaAssetRow, staffDb } from '../admin/staff.tables';
import { ACCEPTED_TYPES, sniffContent } from './content-sniffing';
import { mediaStorageFor } from './media-storage';

export const unsupportedImage = () =>
  new HttpError(415, `This file is not an image we accept. Upload ${ACCEPTED_TYPES.image}.`);

export async function storeImage(
  ctx: AppContext,
  input: { bytes: Buffer; originalName: string; uploadedBy: number | null; preset?: ImageQualityPreset },
): Promise<MediaAssetRow> {
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
    const at = nowIso(ctx);
    return await staffDb(ctx)
      .insertInto('media_assets')
      .values({
        kind: 'image',
        status: 'ready',
        original_name: input.originalName.slice(0, 255),
        content_type: 'image/webp',
        size: output.data.length,
        source_key: key,
        url,
        hls_url: null,
        poster_url: null,
        thumbnail_url: url,
        width: output.width,
        height: output.height,
        duration_seconds: null,
        renditions: null,
        episode_id: null,
        uploaded_by: input.uploadedBy,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

const DATA_URL = /^data:image\/(?:jpeg|jpg|png|webp);base64,([A-Za-z0-9+/=\s]+)$/;

/** A media field's value as stored: `data:` images become library files; other addresses stay. */
export async function resolveImageAddress(
  ctx: AppContext,
  value: string | null,
  field: string,
  uploadedBy: number,
): Promise<string | null> {
  if (value === null) return value;
  // Answers carry absolute addresses when PUBLIC_URL is set; the catalogue keeps our own media relative.
  const publicUrl = ctx.config.publicUrl;
  if (publicUrl && value.startsWith(`${publicUrl}/media/`)) return value.slice(publicUrl.length);
  if (!value.startsWith('data:')) return value;
  const match = DATA_URL.exec(value);
  if (!match) throw new HttpError(400, `${field} must be a JPEG, PNG or WebP image`);
  const bytes = Buffer.from(match[1] as string, 'base64');
  if (bytes.length > IMAGE_HOST_THRESHOLD_BYTES) {
    throw new HttpError(413, `${field} is larger than 500 KB: upload it through the media library instead`);
  }
  const asset = await storeImage(ctx, { bytes, originalName: `${field}.webp`, uploadedBy });
  return asset.url;
}
