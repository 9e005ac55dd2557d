import { catalogueProblems, i18n, registeredCatalogues, setLanguage } from '@cliffhanger/shared';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminLayout } from './admin-layout';
import { Pager } from './form';
import { LAYOUT_MESSAGES, LAYOUT_NAMESPACE } from './messages';

afterEach(async () => {
  localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

describe('the staff sections’ and pager’s words', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(LAYOUT_NAMESPACE, LAYOUT_MESSAGES)).toEqual([]);
  });
  it('are registered by the staff area itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(LAYOUT_NAMESPACE)).toBe(LAYOUT_MESSAGES);
  });
  it('switch to Russian at once: the section list and the pager, its total grouped the Russian way', async () => {
    render(
      <MemoryRouter initialEntries={['/admin/users']}>
        <AdminLayout title="">
          <Pager page={1} limit={20} count={12345} onPage={() => undefined} />
        </AdminLayout>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Users' })).toHaveClass('active');
    await act(() => setLanguage('ru'));
    const nav = screen.getByRole('navigation', { name: 'Разделы для сотрудников' });
    expect(screen.getByRole('link', { name: 'Пользователи' })).toHaveClass('active');
    expect(nav).toHaveTextContent('Сводка');
    const pager = screen.getByRole('navigation', { name: 'Страницы' });
    expect(pager.textContent?.replace(/\s/g, ' ')).toContain('Стр. 1 из 618 · всего 12 345');
    expect(screen.getByRole('button', { name: 'Далее' })).toBeEnabled();
  });
});
