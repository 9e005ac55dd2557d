import { catalogueProblems, i18n, registeredCatalogues, setLanguage, showToast } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser } from '../../test/fixtures';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin, staffMember } from '../../test/render';
import { PEOPLE_MESSAGES, PEOPLE_NAMESPACE } from './messages';
import { Users, validateAdjustment } from './people-screens';

const viewer = adminUser({ id: 7, email: 'ana@example.com', username: 'ana', is_gold_member: true, coin_balance: 21 });

let http: HttpMock | undefined;
afterEach(async () => {
  http?.restore();
  http = undefined;
  localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

describe('the users’ and subscriptions’ words', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(PEOPLE_NAMESPACE, PEOPLE_MESSAGES)).toEqual([]);
  });
  it('are registered by the staff area itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(PEOPLE_NAMESPACE)).toBe(PEOPLE_MESSAGES);
  });

  it('show the users list and a user in Russian, coins counted with the Russian plural', async () => {
    await act(() => setLanguage('ru'));
    http = mockHttp((config) => {
      if (config.url === '/admin/users/')
        return { status: 200, data: { results: [viewer], count: 1, page: 1, limit: 20 } };
      if (config.url === '/admin/users/7/') return { status: 200, data: { user: viewer, ledger: [], unlocks: [] } };
      if (config.url === '/admin/users/7/ledger/') return { status: 200, data: { results: [], count: 0, limit: 20 } };
      if (config.url === '/admin/users/7/unlocks/') return { status: 200, data: { results: [], count: 0, limit: 20 } };
      if (config.url === '/admin/users/7/coins/') return { status: 200, data: { balance: 25, applied: true } };
      return undefined;
    });
    const record: UnknownAction[] = [];
    renderAdmin(<Users />, { record, user: staffMember({ id: 99 }) });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Пользователи', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('columnheader', { name: 'Статус' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Поиск по почте или имени' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Кто' })).toHaveDisplayValue('Зарегистрированные');
    expect(screen.getByRole('cell', { name: 'Зритель' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Gold' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'ana' }));
    expect(await screen.findByText(/21 монета/)).toBeInTheDocument();
    expect(screen.getByText('Роль:')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Права' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Начислить монет (минус — списать)'), '4');
    await user.type(screen.getByLabelText('Причина'), 'компенсация');
    await user.click(screen.getByRole('button', { name: 'Применить' }));
    await waitFor(() =>
      expect(record).toContainEqual(showToast({ type: 'success', message: 'Новый баланс: 25 монет' })),
    );
  });

  it('explain a wrong coin change in Russian', async () => {
    await act(() => setLanguage('ru'));
    expect(validateAdjustment('0', 'ok')).toEqual({
      amount: 'Введите целое число монет, кроме 0 (со знаком минус — списать)',
      reason: 'Коротко укажите причину',
    });
  });
});
