/** The session's tokens in browser storage (product.md#browser-storage): one access token under three keys, one refresh key. */
import { BYPASS_TOKEN_PREFIX, REFRESH_TOKEN_STORAGE_KEY, TOKEN_STORAGE_KEYS } from '../constants';
import { readStored, removeStored, writeStored } from './local-storage';

export function readAccessToken(): string | null {
  for (const key of TOKEN_STORAGE_KEYS) {
    const token = readStored(key);
    if (token) return token;
  }
  return null;
}

export function readRefreshToken(): string | null {
  return readStored(REFRESH_TOKEN_STORAGE_KEY);
}

export function storeTokens(access: string, refresh?: string): void {
  for (const key of TOKEN_STORAGE_KEYS) writeStored(key, access);
  if (refresh) writeStored(REFRESH_TOKEN_STORAGE_KEY, refresh);
}

export function clearTokens(): void {
  removeStored(...TOKEN_STORAGE_KEYS, REFRESH_TOKEN_STORAGE_KEY);
}

/** A bypass token is never sent as an Authorization header (product.md#browser-storage). */
export function isBypassToken(token: string): boolean {
  return token.startsWith(BYPASS_TOKEN_PREFIX);
}
