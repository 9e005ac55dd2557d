import { i18n, LANGUAGE_STORAGE_KEY } from '@cliffhanger/shared';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProfileScreen from '../../screens/profile';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAccount } from '../../test/render';
import { accountStore, guest } from '../../test/store';

let http: HttpMock;
beforeEach(() => localStorage.clear());
afterEach(async () => {
  http?.restore();
  await act(() => i18n.changeLanguage('en'));
});

describe('the language switch on the profile', () => {
  it('is offered to a guest, each language named in itself, the current one chosen', () => {
    http = mockHttp(() => undefined);
    renderAccount(<ProfileScreen />, { path: '/profile', store: accountStore({ user: guest() }) });
    const group = screen.getByRole('group', { name: 'Language' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Русский' })).not.toBeChecked();
  });

  it('switches the screen to Russian at once, remembers it and sets <html lang>', async () => {
    http = mockHttp(() => undefined);
    renderAccount(<ProfileScreen />, { path: '/profile', store: accountStore({ user: guest() }) });
    await userEvent.click(screen.getByRole('radio', { name: 'Русский' }));
    expect(await screen.findByRole('heading', { name: 'Профиль', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Язык' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ссылка на почту' })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');

    await userEvent.click(screen.getByRole('radio', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('saves a signed-in viewer’s choice to the account', async () => {
    http = mockHttp((config) =>
      config.method === 'patch' && config.url === '/users/profile/'
        ? { status: 200, data: { ...JSON.parse(String(config.data)), id: 1 } }
        : undefined,
    );
    renderAccount(<ProfileScreen />, { path: '/profile' });
    await userEvent.click(screen.getByRole('radio', { name: 'Русский' }));
    expect(await screen.findByRole('heading', { name: 'Профиль', level: 1 })).toBeInTheDocument();
    await waitFor(() =>
      expect(http.calls).toContainEqual(
        expect.objectContaining({ method: 'PATCH', url: '/users/profile/', data: JSON.stringify({ language: 'ru' }) }),
      ),
    );
    // The switch shows itself: no "profile saved" toast for it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByText('Профиль сохранён.')).not.toBeInTheDocument();
    expect(screen.queryByText('Your profile has been saved.')).not.toBeInTheDocument();
  });

  it('keeps a guest’s choice in this browser only', async () => {
    http = mockHttp(() => undefined);
    renderAccount(<ProfileScreen />, { path: '/profile', store: accountStore({ user: guest() }) });
    await userEvent.click(screen.getByRole('radio', { name: 'Русский' }));
    expect(await screen.findByRole('heading', { name: 'Профиль', level: 1 })).toBeInTheDocument();
    expect(http.calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('counts a signed-in viewer’s coins with Russian plural forms', async () => {
    http = mockHttp(() => undefined);
    renderAccount(<ProfileScreen />, { path: '/profile' });
    await userEvent.click(screen.getByRole('radio', { name: 'Русский' }));
    // 120 coins: "120 монет".
    expect((await screen.findByText('монет')).closest('p')).toHaveTextContent('120 монет');
  });
});
