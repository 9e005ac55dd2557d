import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { setLanguage } from '../i18n';
import { ErrorNotice, FullScreenSpinner, InlineSpinner } from './components';

afterEach(async () => {
  await act(() => setLanguage('en'));
  localStorage.clear();
});

describe('the shared building blocks speak the page’s language', () => {
  it('say Loading and Try again in English', () => {
    render(
      <>
        <InlineSpinner />
        <ErrorNotice message="Nothing came back." onRetry={() => {}} />
      </>,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('switch to Russian at once, the product name unchanged', async () => {
    render(
      <>
        <FullScreenSpinner />
        <InlineSpinner />
        <ErrorNotice message="Не удалось загрузить." onRetry={() => {}} />
      </>,
    );
    await act(() => setLanguage('ru'));
    expect(screen.getByText('Загружаем Cliffhanger…')).toBeTruthy();
    expect(screen.getByText('Загрузка…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });
});
