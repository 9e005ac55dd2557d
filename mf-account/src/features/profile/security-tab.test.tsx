import { showToast, signOutRequested } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAccount } from '../../test/render';
import { accountStore, guest, member, payloadsOf, settle } from '../../test/store';
import { SecurityTab } from './security-tab';

let http: HttpMock;
afterEach(() => http?.restore());

describe('the security tab', () => {
  it('signs out on every device: asks the API first, then the shell to sign this one out', async () => {
    const seen: UnknownAction[] = [];
    http = mockHttp((config) => {
      if (config.method === 'post' && config.url === '/auth/logout-all/') {
        // Nothing may have signed this device out before the API revoked the sessions.
        expect(seen.some((action) => action.type === signOutRequested.type)).toBe(false);
        return { status: 200, data: { signed_out: true } };
      }
      return undefined;
    });
    renderAccount(<SecurityTab />, { store: accountStore({ record: seen }) });
    const button = screen.getByRole('button', { name: 'Sign out on every device' });
    expect(button).toHaveAccessibleDescription(/every device where you are signed in/);
    await userEvent.click(button);
    await settle();
    expect(http.calls).toEqual([expect.objectContaining({ method: 'POST', url: '/auth/logout-all/' })]);
    expect(seen.filter((action) => action.type === signOutRequested.type)).toHaveLength(1);
    expect(payloadsOf(seen, showToast.type)).toEqual([
      { type: 'success', message: 'You have been signed out on every device.' },
    ]);
  });

  it('stays signed in and says why when the API refuses', async () => {
    const seen: UnknownAction[] = [];
    http = mockHttp(() => ({ status: 403, data: { message: 'This account is disabled.' } }));
    renderAccount(<SecurityTab />, { store: accountStore({ record: seen }) });
    await userEvent.click(screen.getByRole('button', { name: 'Sign out on every device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This account is disabled.');
    expect(seen.some((action) => action.type === signOutRequested.type)).toBe(false);
    expect(screen.getByRole('button', { name: 'Sign out on every device' })).toBeEnabled();
  });

  it('still signs out on this device only, without asking the API', async () => {
    const seen: UnknownAction[] = [];
    http = mockHttp(() => undefined);
    renderAccount(<SecurityTab />, { store: accountStore({ record: seen }) });
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(seen.filter((action) => action.type === signOutRequested.type)).toHaveLength(1);
    expect(http.calls).toEqual([]);
  });

  it('lets an account made by magic link set a password without asking for a current one', async () => {
    const seen: UnknownAction[] = [];
    http = mockHttp((config) => {
      if (config.method === 'post' && config.url === '/auth/set-password/') {
        return { status: 200, data: { message: 'Your password has been set', access: 'a2', refresh: 'r2' } };
      }
      return undefined;
    });
    const store = accountStore({
      user: { ...member(), has_password: false } as ReturnType<typeof member>,
      record: seen,
    });
    renderAccount(<SecurityTab />, { store });
    expect(screen.getByRole('heading', { name: 'Set a password' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();

    // The registration rules apply: too short is refused before anything is sent.
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Repeat new password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('Use at least 8 characters.')).toBeInTheDocument();
    expect(http.calls).toEqual([]);

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Repeat new password'));
    await userEvent.type(screen.getByLabelText('New password'), 'a good password');
    await userEvent.type(screen.getByLabelText('Repeat new password'), 'a good password');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await settle();
    expect(http.calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/auth/set-password/',
        data: JSON.stringify({ new_password: 'a good password' }),
      }),
    ]);
    expect(payloadsOf(seen, showToast.type)).toEqual([
      { type: 'success', message: 'Your password has been set. Other devices have been signed out.' },
    ]);
    // From now on the account has a password, so the tab asks for it before a change.
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
  });

  it('asks an account with a password for its current password', () => {
    http = mockHttp(() => undefined);
    renderAccount(<SecurityTab />, {
      store: accountStore({ user: { ...member(), has_password: true } as ReturnType<typeof member> }),
    });
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Set a password' })).not.toBeInTheDocument();
  });

  it('offers a guest the sign-in instead', () => {
    http = mockHttp(() => undefined);
    renderAccount(<SecurityTab />, { store: accountStore({ user: guest() }) });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('button', { name: 'Sign out on every device' })).not.toBeInTheDocument();
  });
});
