import { GUEST_DATA_MAX_AGE_MS } from '../constants';
import {
  cookieString,
  GUEST_COOKIE_NAME,
  readCookie,
  removeCookie,
  setGuestCookie,
  userIdCookieOptions,
} from './cookies';
import { newLocalGuest, purgeStaleGuestData, readLocalGuest, writeLocalGuest } from './guest-state';
import { readStored } from './local-storage';

const NOW = Date.UTC(2025, 0, 31);
const DAY_MS = 86_400_000;

beforeEach(() => localStorage.clear());

describe('the session cookies', () => {
  it('keeps the guest cookie for 365 days', () => {
    const text = cookieString('guest_id', 'abc', { days: 365 }, NOW);
    expect(text).toContain(`expires=${new Date(NOW + 365 * DAY_MS).toUTCString()}`);
    expect(text).toContain('path=/');
  });

  it('keeps user_id for 1 year, secure and SameSite=Strict', () => {
    const text = cookieString('user_id', '7', userIdCookieOptions(), NOW);
    expect(text).toContain(`expires=${new Date(NOW + 365 * DAY_MS).toUTCString()}`);
    expect(text).toContain('SameSite=Strict');
    expect(text).toContain('Secure');
  });

  it('writes, reads and removes the guest cookie', () => {
    setGuestCookie('guest123');
    expect(readCookie(GUEST_COOKIE_NAME)).toBe('guest123');
    removeCookie(GUEST_COOKIE_NAME);
    expect(readCookie(GUEST_COOKIE_NAME)).toBeNull();
  });
});

describe('the local guest', () => {
  it('holds balance, watchHistory, purchases and lastUpdated', () => {
    expect(newLocalGuest('g1', NOW)).toEqual({
      id: 'g1',
      balance: 0,
      watchHistory: [],
      purchases: [],
      lastUpdated: NOW,
    });
  });

  it('removes guest data older than 30 days', () => {
    writeLocalGuest(newLocalGuest('old'), NOW - GUEST_DATA_MAX_AGE_MS - 1);
    expect(purgeStaleGuestData(NOW)).toBe(true);
    expect(readStored('guest_state')).toBeNull();
  });

  it('keeps guest data up to 30 days old', () => {
    writeLocalGuest(newLocalGuest('recent'), NOW - GUEST_DATA_MAX_AGE_MS);
    expect(purgeStaleGuestData(NOW)).toBe(false);
    expect(readLocalGuest(NOW)?.id).toBe('recent');
  });

  it('discards a cached guest record that fails to parse', () => {
    localStorage.setItem('guest_state', '{oops');
    expect(readLocalGuest(NOW)).toBeNull();
    expect(localStorage.getItem('guest_state')).toBeNull();
  });
});
