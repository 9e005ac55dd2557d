import { catalogueProblems, i18n, registeredCatalogues, setLanguage } from '@cliffhanger/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAdmin } from '../test/render';
import AdminLoginScreen from './admin-login';
import AdminRegisterScreen, { validateRegistration } from './admin-register';
import { SCREENS_MESSAGES, SCREENS_NAMESPACE } from './messages';

afterEach(async () => {
  localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

describe('the staff sign-in and registration words', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(SCREENS_NAMESPACE, SCREENS_MESSAGES)).toEqual([]);
  });
  it('are registered by the staff area itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(SCREENS_NAMESPACE)).toBe(SCREENS_MESSAGES);
  });
  it('show the staff sign-in in Russian, labels and button included', async () => {
    await act(() => setLanguage('ru'));
    renderAdmin(<AdminLoginScreen />, { path: '/admin-login' });
    expect(screen.getByRole('heading', { name: 'Вход для сотрудников' })).toBeInTheDocument();
    expect(screen.getByLabelText('Электронная почта')).toBeInTheDocument();
    expect(screen.getByLabelText('Пароль')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Войти' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Создайте аккаунт сотрудника' })).toBeInTheDocument();
  });
  it('tell a Russian reader what to fix on the staff registration form before anything is sent', async () => {
    await act(() => setLanguage('ru'));
    renderAdmin(<AdminRegisterScreen />, { path: '/admin-register' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Создать аккаунт' }));
    expect(screen.getByLabelText('Код приглашения')).toHaveAccessibleDescription(
      'Введите код приглашения, который вам дали',
    );
    expect(validateRegistration({ email: 'a@b.co', username: 'ed', password: 'short', invitation_code: 'x' })).toEqual({
      password: 'Используйте не меньше 8 символов',
    });
  });
});
