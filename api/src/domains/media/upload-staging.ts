/**
 * The staging folder: uploads in progress and kept video sources live next to MEDIA_ROOT, not inside
 * it, so half-uploaded files are never public.
 */
import { open } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { SNIFF_BYTES } from './content-sniffing';

export function stagingRoot(config: { mediaRoot: string }): string {
  return resolve(config.mediaRoot, '..', 'media-staging');
}

/** Video sources are kept (for re-transcoding) under the staging root, keyed `sources/<file>`. */
export function sourcePath(config: { mediaRoot: string }, key: string): string {
  return join(stagingRoot(config), key);
}

/** The first bytes of a file, enough for `sniffContent` to say what it is. */
export async function headOf(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
