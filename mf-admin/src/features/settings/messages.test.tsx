import { catalogueProblems, i18n, registeredCatalogues, setLanguage } from '@cliffhanger/shared';
import { act, screen, within } from '@testing-library/react';
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
