import { goldStatusChanged, readStored, selectUser, signOutRequested, userUpdated } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type HttpMock, mockHttp } from '../test/http-mock';
import { renderAccount } from '../test/render';
import { accountStore, guest, member, settle } from '../test/store';
import ProfileScreen from './profile';

let http: HttpMock;
beforeEach(() => localStorage.clear());
afterEach(() => http?.restore());

describe('the profile of a signed-in viewer', () => {
  it('shows the details, the initial as avatar, and the coin and plan summary', () => {
    http = mockHttp(() => undefined);
    renderAccount(<ProfileScreen />, { path: '/profile' });
    expect(screen.getByRole('heading', { name: 'mia' })).toBeInTheDocument();
    expect(screen.getByText('M', { selector: '.profile-avatar' })).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Mia Stone')).toBeInTheDocument();
    expect(screen.getByText('mia@example.com')).toBeInTheDocument();
    expect(screen.getByText('120')).toBeInTheDocument();
    expect(screen.getByText('Free plan')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy coins' })).toHaveAttribute('href', '/coins');
  });

  it('follows Gold status from the bus and hides Buy coins for a Gold member', async () => {
    http = mockHttp(() => undefined);
    const store = accountStore();
    renderAccount(<ProfileScreen />, { path: '/profile', store });
    act(() => {
      store.dispatch(goldStatusChanged({ isGold: true, periodEnd: '2031-03-05T00:00:00.000Z' }));
    });
    expect(screen.getByText(/member until/)).toHaveTextContent('2031');
    expect(screen.queryByRole('link', { name: 'Buy coins' })).not.toBeInTheDocument();
  });

  it('edits the profile (PATCH) and updates the session’s user', async () => {
    http = mockHttp((config) =>
      config.method === 'patch'
        ? { status: 200, data: member({ username: 'mia_s', first_name: 'Mia', last_name: 'Storm' }) }
        : undefined,
    );
    const seen: UnknownAction[] = [];
    const store = accountStore({ record: seen });
    renderAccount(<ProfileScreen />, { path: '/profile', store });
    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    const username = screen.getByLabelText('Username');
    await userEvent.clear(username);
    await userEvent.type(username, 'mia_s');
    await userEvent.clear(screen.getByLabelText('Last name'));
    await userEvent.type(screen.getByLabelText('Last name'), 'Storm');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(JSON.parse(String(http.calls[0].data))).toEqual({
      username: 'mia_s',
      first_name: 'Mia',
      last_name: 'Storm',
    });
    expect(seen.some((a) => a.type === userUpdated.type)).toBe(true);
    expect(selectUser(store.getState())?.username).toBe('mia_s');
    expect(readStored('user')?.last_name).toBe('Storm');
    expect(await screen.findByRole('heading', { name: 'mia_s' })).toBeInTheDocument();
  });

  it('refuses an invalid username next to the field', async () => {
    http = mockHttp(() => undefined);
    renderAccount(<ProfileScreen />, { path: '/profile' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    await userEvent.clear(screen.getByLabelText('Username'));
    await userEvent.type(screen.getByLabelText('Username'), 'a b');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(http.calls).toHaveLength(0);
  });

  it('signs out through the shell', async () => {
    http = mockHttp(() => undefined);
    const seen: UnknownAction[] = [];
    renderAccount(<ProfileScreen />, { path: '/profile', store: accountStore({ record: seen }) });
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(seen.some((a) => a.type === signOutRequested.type)).toBe(true);
  });
});

describe('the profile of a guest', () => {
  it('shows the guest a way to Gold and to coins beside signing in', () => {
    http = mockHttp(() => undefined);
    renderAccount(<ProfileScreen />, { path: '/profile', store: accountStore({ user: guest() }) });
    expect(screen.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Gold' })).toHaveAttribute('href', '/gold-subscription');
    expect(screen.getByRole('link', { name: 'Buy coins' })).toHaveAttribute('href', '/coins');
    expect(screen.getByText('Free plan')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Account settings' })).not.toBeInTheDocument();
  });
});

describe('the mailed e-mail confirmation link', () => {
  it('confirms the address once and takes the token out of the address bar', async () => {
    http = mockHttp(() => ({ status: 200, data: { message: 'Your e-mail address is confirmed' } }));
    const view = renderAccount(<ProfileScreen />, { path: '/profile?verify-email=tok_abcdefghijklmnop' });
    expect(await screen.findByText('Thank you — your e-mail address is confirmed.')).toBeInTheDocument();
    expect(http.calls).toEqual([
      expect.objectContaining({ url: '/auth/verify-email/', data: JSON.stringify({ token: 'tok_abcdefghijklmnop' }) }),
    ]);
    expect(view.href()).toBe('/profile');
  });

  it('says so politely when the link no longer works', async () => {
    http = mockHttp(() => ({
      status: 400,
      data: { message: 'This verification link is invalid, was already used or has expired' },
    }));
    renderAccount(<ProfileScreen />, {
      path: '/profile?verify-email=tok_abcdefghijklmnop',
      store: accountStore({ user: null }),
    });
    expect(await screen.findByText(/could not be confirmed: This verification link is invalid/)).toBeInTheDocument();
  });
});
