/**
 * What every media storage (local folder or object store) promises, and the keys it accepts: the
 * contract both storages implement, kept apart from the choice between them (media-storage.ts).
 */

export interface MediaStorage {
  putFile(key: string, localPath: string): Promise<string>;
  putDirectory(prefix: string, localDir: string): Promise<string>;
  urlOf(key: string): string;
  /** The key behind an address this storage answered (`urlOf`), or null for any other address. */
  keyOf(address: string): string | null;
  remove(prefix: string): Promise<void>;
}

/** Keys are relative, forward-slash paths without `..`; anything else is a programming error. */
export function assertSafeKey(key: string): void {
  if (!key || key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '' || part === '.')) {
    throw new Error(`Unsafe media storage key: ${key}`);
  }
}

/** A key or path as an address path: each part percent-encoded, the slashes kept. */
export const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** The safe key an address names below `base` (decoded once, query dropped), or null. */
export function keyUnder(base: string, address: string): string | null {
  if (!address.startsWith(base)) return null;
  let key: string;
  try {
    key = decodeURIComponent(address.slice(base.length).split(/[?#]/)[0] as string);
  } catch {
    return null;
  }
  try {
    assertSafeKey(key);
  } catch {
    return null;
  }
  return key.includes('\\') || key.includes('\0') || key.split('/').some((part) => part.startsWith('.')) ? null : key;
}
