import { showToast, signOutRequested } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAccount } from '../../test/render';
import { accountStore, guest, payloadsOf, settle } from '../../test/store';
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

  it('offers a guest the sign-in instead', () => {
    http = mockHttp(() => undefined);
    renderAccount(<SecurityTab />, { store: accountStore({ user: guest() }) });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('button', { name: 'Sign out on every device' })).not.toBeInTheDocument();
  });
});
