import { catalogueProblems, i18n, registeredCatalogues, setLanguage } from '@cliffhanger/shared';
import { act, render, screen } from '@testing-library/react';
import { ErrorPage } from '../app/error-page';
import { RemoteUnavailablePanel } from '../federation/remote-unavailable-panel';
import { SHELL_MESSAGES, SHELL_NAMESPACE } from './messages';

afterEach(async () => {
  localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

describe('the shell’s words', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(SHELL_NAMESPACE, SHELL_MESSAGES)).toEqual([]);
  });

  it('are registered as the shell’s own namespace when the shell loads', () => {
    expect(registeredCatalogues().get(SHELL_NAMESPACE)).toBe(SHELL_MESSAGES);
  });

  it('switch on screen at once when the language changes: the error page and the unavailable panel', async () => {
    render(
      <>
        <ErrorPage onHome={() => undefined} onReload={() => undefined} />
        <RemoteUnavailablePanel remote="catalog" onRetry={() => undefined} />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeInTheDocument();
    await act(() => setLanguage('ru'));
    expect(screen.getByRole('heading', { name: 'Ой! Что-то пошло не так' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Обновить страницу' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Каталог сейчас недоступен' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ru');
  });
});
