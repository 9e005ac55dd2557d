/**
 * The two cookies the session keeps (product.md#browser-storage, product.md#accounts): the guest cookie (365 days) and `user_id` (1 year,
 * secure, SameSite=Strict). The attribute string is built by a pure function so its rules are tested.
 */
import { GUEST_COOKIE_DAYS, USER_ID_COOKIE_DAYS } from '../constants';

export const GUEST_COOKIE_NAME = 'guest_id';
export const USER_ID_COOKIE_NAME = 'user_id';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface CookieOptions {
  days: number;
  secure?: boolean;
  sameSite?: 'Strict' | 'Lax';
}

export function cookieString(name: string, value: string, options: CookieOptions, now = Date.now()): string {
  const parts = [
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    `expires=${new Date(now + options.days * DAY_MS).toUTCString()}`,
    'path=/',
    `SameSite=${options.sameSite ?? 'Lax'}`,
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

function writeCookie(text: string): void {
  try {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox
    document.cookie = text;
  } catch {
    // cookies disabled: the session still works from storage
  }
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${encodeURIComponent(name)}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}

export function removeCookie(name: string): void {
  writeCookie(`${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`);
}

export function setGuestCookie(guestId: string): void {
  writeCookie(cookieString(GUEST_COOKIE_NAME, guestId, { days: GUEST_COOKIE_DAYS }));
}

export function setUserIdCookie(userId: number | string): void {
  // A Secure cookie is refused on plain http (other than localhost); the session never depends on it.
  writeCookie(cookieString(USER_ID_COOKIE_NAME, String(userId), userIdCookieOptions()));
}

export function userIdCookieOptions(): CookieOptions {
  return { days: USER_ID_COOKIE_DAYS, secure: true, sameSite: 'Strict' };
}
