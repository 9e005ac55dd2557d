import type { User } from '../entities';
import { storeTokens } from '../storage/tokens';
import { forgetSession, readStoredUser, rememberUser } from './session-storage';

const user = (extra: Partial<User> = {}) =>
  ({ id: 1, username: 'ann', is_staff: false, is_superuser: false, ...extra }) as User;

beforeEach(() => localStorage.clear());

describe('the stored session', () => {
  it('stores the user as JSON under user', () => {
    rememberUser(user());
    expect(JSON.parse(localStorage.getItem('user') ?? '')).toMatchObject({ id: 1, username: 'ann' });
  });

  it.each([{ is_staff: true }, { is_superuser: true }])('sets is_admin for %o', (flags) => {
    rememberUser(user(flags));
    expect(localStorage.getItem('is_admin')).toBe('true');
  });

  it('removes is_admin for a user who is neither staff nor superuser', () => {
    localStorage.setItem('is_admin', 'true');
    rememberUser(user());
    expect(localStorage.getItem('is_admin')).toBeNull();
  });

  it('removes a stored user that fails to parse', () => {
    localStorage.setItem('user', 'not json');
    expect(readStoredUser()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('forgets the tokens, the user and the admin flag on sign-out', () => {
    storeTokens('a', 'r');
    rememberUser(user({ is_staff: true }));
    forgetSession();
    for (const key of ['access_token', 'auth_token', 'token', 'refresh_token', 'user', 'is_admin']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });
});
