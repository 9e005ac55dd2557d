import { readStored, removeStored, writeStored } from './local-storage';
import { clearTokens, readAccessToken, storeTokens } from './tokens';

beforeEach(() => localStorage.clear());

describe('typed browser storage', () => {
  it('removes a stored user that fails to parse instead of throwing', () => {
    localStorage.setItem('user', '{not json');
    expect(readStored('user')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('removes a stored value of the wrong shape', () => {
    localStorage.setItem('search_history', JSON.stringify([1, 2]));
    expect(readStored('search_history')).toBeNull();
    expect(localStorage.getItem('search_history')).toBeNull();
  });

  it('round-trips JSON values and raw tokens', () => {
    writeStored('search_history', ['love', 'revenge']);
    expect(readStored('search_history')).toEqual(['love', 'revenge']);
    writeStored('refresh_token', 'abc');
    expect(localStorage.getItem('refresh_token')).toBe('abc');
    removeStored('refresh_token');
    expect(readStored('refresh_token')).toBeNull();
  });

  it('stores the access token under access_token, auth_token and token, and the refresh token apart', () => {
    storeTokens('access-1', 'refresh-1');
    expect(localStorage.getItem('access_token')).toBe('access-1');
    expect(localStorage.getItem('auth_token')).toBe('access-1');
    expect(localStorage.getItem('token')).toBe('access-1');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1');
    clearTokens();
    expect(readAccessToken()).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });
});
