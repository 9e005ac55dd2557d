import type { MediaKind } from '../../db/schema';
import { HttpError } from '../../http/errors';
/**
 * What a file really is, from its first bytes. Names and browser-declared types are whatever the
 * client says; the pipeline only trusts these signatures (ISO BMFF for MP4/MOV, EBML for WebM/MKV,
 * and the JPEG, PNG and WebP magic numbers).
 */

export interface SniffedType {
  kind: MediaKind;
  contentType: string;
  extension: string;
}

/** How many leading bytes `sniffContent` needs to decide. */
export const SNIFF_BYTES = 16;

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(bytes.subarray(start, end)).toString('latin1');

/** QuickTime files may start with other top-level atoms than `ftyp`. */
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

export function sniffContent(bytes: Uint8Array): SniffedType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { kind: 'image', contentType: 'image/jpeg', extension: 'jpg' };
  }
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') {
    return { kind: 'image', contentType: 'image/png', extension: 'png' };
  }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return { kind: 'image', contentType: 'image/webp', extension: 'webp' };
  }
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) {
    return { kind: 'video', contentType: 'video/webm', extension: 'webm' };
  }
  if (bytes.length >= 12) {
    const box = ascii(bytes, 4, 8);
    if (box === 'ftyp') {
      const brand = ascii(bytes, 8, 12);
      return brand === 'qt  '
        ? { kind: 'video', contentType: 'video/quicktime', extension: 'mov' }
        : { kind: 'video', contentType: 'video/mp4', extension: 'mp4' };
    }
    if (QUICKTIME_ATOMS.has(box)) return { kind: 'video', contentType: 'video/quicktime', extension: 'mov' };
  }
  return null;
}

export const ACCEPTED_TYPES: Record<MediaKind, string> = {
  video: 'MP4, MOV, WebM or MKV',
  image: 'JPEG, PNG or WebP',
};

/** The largest file of each kind an upload may announce. */
export const MAX_UPLOAD_BYTES: Record<MediaKind, number> = {
  video: 2 * 1024 * 1024 * 1024,
  image: 25 * 1024 * 1024,
};

export const wrongType = (kind: MediaKind) =>
  new HttpError(415, `This file is not a ${kind} we accept. Upload ${ACCEPTED_TYPES[kind]}.`);
