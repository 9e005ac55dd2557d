import { authenticated, readAccessToken, storeTokens, trackEvent, writeStored } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProfileScreen from '../../screens/profile';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAccount } from '../../test/render';
import { accountStore, guest, member, payloadsOf, settle } from '../../test/store';
import { ChangePasswordForm } from './auth-forms';
import { confirmationProblem, emailProblem, passwordProblem, usernameProblem } from './field-rules';

let http: HttpMock;
beforeEach(() => localStorage.clear());
afterEach(() => http?.restore());

const answer = { access: 'access-1', refresh: 'refresh-1', user: member() };

async function openMode(name: string) {
  await userEvent.click(screen.getByRole('button', { name }));
}

describe('field rules', () => {
  it('asks for a plausible e-mail, a password of 8 characters and a matching confirmation', () => {
    expect(emailProblem('')).toBe('Enter your e-mail address.');
    expect(emailProblem('mia@')).toMatch(/like name@example.com/);
    expect(emailProblem(' mia@example.com ')).toBeNull();
    expect(passwordProblem('1234567')).toBe('Use at least 8 characters.');
    expect(passwordProblem('12345678')).toBeNull();
    expect(confirmationProblem('12345678', '12345679')).toBe('The passwords do not match.');
    expect(usernameProblem('')).toBeNull();
    expect(usernameProblem('a b')).toMatch(/3 to 30/);
  });
});

describe('signing in with a password', () => {
  it('hands the session to the shell on success (session/authenticated)', async () => {
    http = mockHttp((config) => (config.url === '/auth/login/' ? { status: 200, data: answer } : undefined));
    const seen: UnknownAction[] = [];
    renderAccount(<ProfileScreen />, { path: '/profile', store: accountStore({ user: guest(), record: seen }) });
    await openMode('Password');
    await userEvent.type(screen.getByLabelText('Email'), 'mia@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await settle();
    expect(http.calls[0]).toMatchObject({ url: '/auth/login/' });
    expect(JSON.parse(String(http.calls[0].data))).toEqual({ email: 'mia@example.com', password: 'secret-pass' });
    expect(payloadsOf(seen, authenticated.type)).toEqual([answer]);
  });

  it('says "Login failed" when the server refuses', async () => {
    http = mockHttp(() => ({ status: 401, data: { message: 'Invalid e-mail or password' } }));
    renderAccount(<ProfileScreen />, { path: '/profile', store: accountStore({ user: null }) });
    await openMode('Password');
    await userEvent.type(screen.getByLabelText('Email'), 'mia@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('sends exactly one login request per click when the password is wrong, even for a guest with a session', async () => {
    // A guest holds tokens of its own; a refused password must not be mistaken for an expired session
    // (which would refresh and send the same login again).
    storeTokens('guest-access', 'guest-refresh');
    http = mockHttp((config) => {
      if (config.url === '/auth/login/') return { status: 401, data: { message: 'Invalid e-mail or password' } };
      if (config.url === '/auth/token/refresh/') return { status: 200, data: { access: 'guest-access-2' } };
      return undefined;
    });
    renderAccount(<ProfileScreen />, { path: '/profile', store: accountStore({ user: guest() }) });
    await openMode('Password');
    await userEvent.type(screen.getByLabelText('Email'), 'mia@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed: Invalid e-mail or password');
    await settle();
    expect(http.calls.map((call) => call.url)).toEqual(['/auth/login/']);
    // The guest's own session is untouched.
    expect(readAccessToken()).toBe('guest-access');
  });

  it('shows the e-mail rule next to the field and sends nothing', async () => {
    http = mockHttp(() => undefined);
    renderAccount(<ProfileScreen />, { path: '/profile', store: accountStore({ user: null }) });
    await openMode('Password');
    await userEvent.type(screen.getByLabelText('Email'), 'mia.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter an e-mail address like name@example.com.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(http.calls).toHaveLength(0);
    await userEvent.type(email, '@x');
    expect(email).not.toHaveAttribute('aria-invalid');
  });
});

describe('registering', () => {
  it('checks the password length and the confirmation next to each field', async () => {
    http = mockHttp(() => undefined);
    renderAccount(<ProfileScreen />, { path: '/profile', store: accountStore({ user: null }) });
    await openMode('New account');
    await userEvent.type(screen.getByLabelText('Email'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.type(screen.getByLabelText('Repeat password'), 'shirt');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'At least 8 characters. Use at least 8 characters.',
    );
    expect(screen.getByLabelText('Repeat password')).toHaveAccessibleDescription('The passwords do not match.');
    expect(http.calls).toHaveLength(0);
  });

  it('registers, hands the session to the shell and reports 7.4', async () => {
    http = mockHttp((config) => (config.url === '/auth/register/' ? { status: 201, data: answer } : undefined));
    const seen: UnknownAction[] = [];
    renderAccount(<ProfileScreen />, { path: '/profile', store: accountStore({ user: guest(), record: seen }) });
    await openMode('New account');
    await userEvent.type(screen.getByLabelText('Email'), 'new@example.com');
    await userEvent.type(screen.getByLabelText('Username (optional)'), 'newbie');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough');
    await userEvent.type(screen.getByLabelText('Repeat password'), 'long-enough');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await settle();
    expect(JSON.parse(String(http.calls[0].data))).toEqual({
      email: 'new@example.com',
      password: 'long-enough',
      username: 'newbie',
    });
    expect(payloadsOf(seen, authenticated.type)).toEqual([answer]);
    expect(payloadsOf<{ event: string }>(seen, trackEvent.type).map((p) => p.event)).toContain('7.4 Registered');
  });

  it('says "Registration failed" when the server refuses', async () => {
    http = mockHttp(() => ({ status: 409, data: { message: 'An account with this e-mail already exists' } }));
    renderAccount(<ProfileScreen />, { path: '/profile', store: accountStore({ user: null }) });
    await openMode('New account');
    await userEvent.type(screen.getByLabelText('Email'), 'mia@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough');
    await userEvent.type(screen.getByLabelText('Repeat password'), 'long-enough');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Registration failed: An account with this e-mail already exists',
    );
  });
});

describe('magic links and password resets', () => {
  it('requests a magic link and shows "Check your email"', async () => {
    http = mockHttp(() => ({ status: 200, data: { success: 1, message: 'Check your inbox' } }));
    const seen: UnknownAction[] = [];
    renderAccount(<ProfileScreen />, { path: '/profile', store: accountStore({ user: guest(), record: seen }) });
    expect(screen.getByText('Sign in to keep your coins, list and history on every device.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'mia@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('mia@example.com')).toBeInTheDocument();
    expect(JSON.parse(String(http.calls[0].data))).toEqual({ email: 'mia@example.com', next: '/profile' });
    expect(payloadsOf<{ event: string }>(seen, trackEvent.type).map((p) => p.event)).toContain(
      '7.2 Magic Link Requested',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Use a different address' }));
    expect(screen.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeInTheDocument();
  });

  it('requests a password reset and shows "Check your email"', async () => {
    http = mockHttp(() => ({ status: 200, data: { message: 'If an account exists…' } }));
    renderAccount(<ProfileScreen />, { path: '/profile', store: accountStore({ user: null }) });
    await openMode('Forgot password');
    await userEvent.type(screen.getByLabelText('Email'), 'mia@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(http.calls[0]).toMatchObject({ url: '/auth/reset-password/' });
  });

  it('"Bought coins as a guest? Get them back" mails a link to the address and says to check the inbox', async () => {
    http = mockHttp(() => ({ status: 200, data: { success: 1, message: 'Check your inbox' } }));
    renderAccount(<ProfileScreen />, { path: '/profile', store: accountStore({ user: guest() }) });
    await userEvent.click(screen.getByRole('button', { name: 'Bought coins as a guest? Get them back' }));
    expect(screen.getByRole('heading', { name: 'Get your coins back' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), ' mia@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send me the link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/on this device to get your coins back/)).toBeInTheDocument();
    expect(http.calls.map((call) => [call.url, JSON.parse(String(call.data))])).toEqual([
      ['/auth/magic-link/', { email: 'mia@example.com' }],
    ]);
  });

  it('confirms a reset from the mailed link, its token gone from the address at once, then offers to sign in', async () => {
    http = mockHttp(() => ({ status: 200, data: { message: 'Your password has been changed' } }));
    const view = renderAccount(<ProfileScreen />, {
      path: '/profile?reset-password=tok_1234567890abcdef',
      store: accountStore({ user: null }),
    });
    // The token leaves the address bar once the page has read it; the form keeps it in memory.
    expect(view.href()).toBe('/profile');
    await userEvent.type(screen.getByLabelText('New password'), 'brand-new-pass');
    await userEvent.type(screen.getByLabelText('Repeat new password'), 'brand-new-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Your password has been changed. Sign in with the new one.')).toBeInTheDocument();
    expect(JSON.parse(String(http.calls[0].data))).toEqual({
      token: 'tok_1234567890abcdef',
      password: 'brand-new-pass',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(view.href()).toBe('/profile');
    expect(screen.getByRole('button', { name: 'Password', pressed: true })).toBeInTheDocument();
  });
});

describe('changing the password', () => {
  it('keeps this device signed in with the fresh tokens', async () => {
    writeStored('access_token', 'old');
    http = mockHttp(() => ({ status: 200, data: { message: 'Changed', access: 'access-2', refresh: 'refresh-2' } }));
    renderAccount(<ChangePasswordForm />);
    await userEvent.type(screen.getByLabelText('Current password'), 'old-password');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password');
    await userEvent.type(screen.getByLabelText('Repeat new password'), 'new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Other devices have been signed out');
    expect(readAccessToken()).toBe('access-2');
    expect(JSON.parse(String(http.calls[0].data))).toEqual({
      old_password: 'old-password',
      new_password: 'new-password',
    });
  });

  it('refuses a new password equal to the current one, next to the field', async () => {
    http = mockHttp(() => undefined);
    renderAccount(<ChangePasswordForm />);
    await userEvent.type(screen.getByLabelText('Current password'), 'same-password');
    await userEvent.type(screen.getByLabelText('New password'), 'same-password');
    await userEvent.type(screen.getByLabelText('Repeat new password'), 'same-password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining('Choose a password different from the current one.'),
    );
    expect(http.calls).toHaveLength(0);
  });
});
