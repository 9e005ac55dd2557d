import { catalogueProblems, i18n, registeredCatalogues, setLanguage } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { SETTINGS_MESSAGES, SETTINGS_NAMESPACE } from './messages';
import { type PackageDraft, validatePackages } from './money-forms';
import { Settings } from './settings-screen';

let http: HttpMock | undefined;
afterEach(async () => {
  http?.restore();
  http = undefined;
  localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

// Intl separates thousands and currency with no-break spaces; compare on plain ones.
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

const SETTINGS = {
  coin_packages: [
    { id: 1, coins: 100, bonus_coins: 0, price: 99, currency: 'rub', title: 'Starter', is_popular: false },
  ],
  gold_plans: [{ id: 'monthly', name: 'Gold', interval: 'month', price: 299, currency: 'rub', title: 'Gold' }],
  rewards: { daily_bonus: [5], share_coins: 3, follow_prompt_coins: 100 },
  catalogue_defaults: { free_episodes: 2, coin_cost: 10 },
  feature_switches: { daily_bonus: true, coin_store: false },
  first_purchase_offer: null,
};

describe('the settings’ words', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(SETTINGS_NAMESPACE, SETTINGS_MESSAGES)).toEqual([]);
  });
  it('are registered by the staff area itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(SETTINGS_NAMESPACE)).toBe(SETTINGS_MESSAGES);
  });

  it('show the settings in Russian, the offer’s preview in roubles with the Russian plural of coins', async () => {
    await act(() => setLanguage('ru'));
    http = mockHttp((config) =>
      config.url === '/admin/settings/' && config.method === 'get' ? { status: 200, data: SETTINGS } : undefined,
    );
    renderAdmin(<Settings />, { path: '/admin/settings' });
    expect(await screen.findByRole('heading', { name: 'Настройки', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Пакеты монет' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Сохранить тарифы' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Магазин монет открыт' })).not.toBeChecked();
    const offer = screen.getByRole('form', { name: 'Предложение на первую покупку' });
    expect(within(offer).getByRole('option', { name: /Starter: 100 монет за 99/ })).toBeInTheDocument();
    await userEvent.setup().type(within(offer).getByLabelText('Дополнительные монеты'), '1');
    expect(plain(within(offer).getByText(/^Зрители получат/).textContent)).toBe(
      'Зрители получат: 101 монета за 99 ₽ (обычно 100 монет)',
    );
  });

  it('ask before a feature switch changes anything for every viewer, and say what changed', async () => {
    const sent: unknown[] = [];
    http = mockHttp((config) => {
      if (config.url === '/admin/settings/' && config.method === 'get') return { status: 200, data: SETTINGS };
      if (config.url === '/admin/settings/feature_switches/' && config.method === 'put') {
        sent.push(JSON.parse(String(config.data)));
        return { status: 200, data: { key: 'feature_switches', value: {} } };
      }
      return undefined;
    });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const record: UnknownAction[] = [];
    renderAdmin(<Settings />, { path: '/admin/settings', record });
    const bonus = await screen.findByRole('checkbox', { name: 'Daily bonus' });
    await userEvent.click(bonus);
    expect(confirm).toHaveBeenLastCalledWith('Turn off “Daily bonus” for every viewer now?');
    expect(sent).toEqual([]);
    await userEvent.click(bonus);
    expect(sent).toEqual([{ daily_bonus: false, coin_store: false }]);
    await waitFor(() =>
      expect(record).toContainEqual(
        expect.objectContaining({
          payload: expect.objectContaining({ message: '“Daily bonus” is off for every viewer.' }),
        }),
      ),
    );
    confirm.mockRestore();
  });

  it('refuse a default coin cost of 0: a free episode is marked free instead', async () => {
    http = mockHttp((config) =>
      config.url === '/admin/settings/' && config.method === 'get' ? { status: 200, data: SETTINGS } : undefined,
    );
    renderAdmin(<Settings />, { path: '/admin/settings' });
    const cost = await screen.findByLabelText('Default coin cost');
    await userEvent.clear(cost);
    await userEvent.type(cost, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save defaults' }));
    expect(
      await screen.findByText('Enter a whole number of coins from 1 (a free episode is marked free instead)'),
    ).toBeInTheDocument();
  });

  it('explain a wrong coin package in Russian, limits grouped the Russian way', async () => {
    await act(() => setLanguage('ru'));
    const row: PackageDraft = {
      id: 1,
      title: '',
      coins: '0',
      bonus_coins: '0',
      price: '10',
      currency: 'rub',
      is_popular: false,
    };
    const errors = validatePackages([row]);
    expect(errors['0.title']).toBe('Введите название, которое увидят зрители');
    expect(plain(errors['0.coins'])).toBe('Введите целое число монет от 1 до 1 000 000');
  });
});
