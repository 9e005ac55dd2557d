import {
  apiClient,
  readAccessToken,
  removeCookie,
  setGuestCookie,
  showToast,
  signedIn,
  storeTokens,
  type User,
} from '@cliffhanger/shared';
import MockAdapter from 'axios-mock-adapter';
import { runSaga } from 'redux-saga';
import { verifyMagicLinkFromAddress } from './magic-link.saga';

type Action = { type: string; payload?: unknown };

const account = { id: 9, email: 'ann@example.com', username: 'ann', is_guest: false, coin_balance: 100 } as User;

let server: MockAdapter;

async function verify() {
  const dispatched: Action[] = [];
  const result = await runSaga(
    { dispatch: (action: Action) => dispatched.push(action), getState: () => ({}) },
    verifyMagicLinkFromAddress,
  ).toPromise();
  return { dispatched, result };
}

function guestVisit(token: string) {
  storeTokens('guest-access', 'guest-refresh');
  localStorage.setItem('is_guest', 'true');
  setGuestCookie('g123');
  window.history.replaceState(null, '', `/?magic-link-registration=${token}`);
}

beforeEach(() => {
  localStorage.clear();
  removeCookie('guest_id');
  server = new MockAdapter(apiClient());
});
afterEach(() => server.restore());

describe('a magic link opened in the browser that asked for it', () => {
  it('signs in with the guest’s data moved and no notice', async () => {
    guestVisit('asked-here-0123456');
    server.onPost('/auth/magic-link/verify/', { token: 'asked-here-0123456' }).reply(200, {
      success: 1,
      id: 9,
      email: 'ann@example.com',
      next: null,
      requested_here: true,
      guest_merged: true,
      access: 'acc',
      refresh: 'ref',
      user: account,
    });
    const { dispatched, result } = await verify();
    expect(result).toBe(true);
    expect(server.history.post[0]?.headers?.Authorization).toBe('Bearer guest-access');
    expect(dispatched).toEqual([signedIn({ user: account }), expect.objectContaining({ type: 'analytics/track' })]);
    expect(readAccessToken()).toBe('acc');
  });
});

describe('a magic link asked for in another browser, or by somebody else', () => {
  it('signs in and tells the person that this browser’s guest data did not move', async () => {
    guestVisit('asked-elsewhere-0123');
    server.onPost('/auth/magic-link/verify/').reply(200, {
      success: 1,
      id: 9,
      email: 'someone@example.com',
      next: null,
      requested_here: false,
      guest_merged: false,
      access: 'acc',
      refresh: 'ref',
      user: { ...account, email: 'someone@example.com' },
    });
    const { dispatched, result } = await verify();
    expect(result).toBe(true);
    const toast = dispatched.find((action) => action.type === showToast.type);
    expect(toast?.payload).toEqual(
      expect.objectContaining({
        type: 'info',
        title: 'Signed in as someone@example.com',
        message: expect.stringMatching(/asked for in another browser.*were not moved/),
      }),
    );
    expect(window.location.search).toBe('');
  });

  it('says nothing when nobody was a guest here (a signed-in visitor opening a link)', async () => {
    storeTokens('account-access', 'account-refresh');
    window.history.replaceState(null, '', '/?magic-link-auth=signed-in-012345');
    server.onPost('/auth/magic-link/verify/').reply(200, {
      success: 1,
      id: 9,
      email: 'ann@example.com',
      next: null,
      requested_here: false,
      guest_merged: false,
      access: 'acc',
      refresh: 'ref',
      user: account,
    });
    const { dispatched } = await verify();
    expect(dispatched.some((action) => action.type === showToast.type)).toBe(false);
  });
});
