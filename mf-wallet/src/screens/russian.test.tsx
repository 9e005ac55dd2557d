import { setLanguage } from '@cliffhanger/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PaymentsPanel from '../components/payments-panel';
import TransactionsList from '../components/transactions-list';
import { coinsLabel, signedCoins } from '../features/format';
import { packages, plans } from '../test/fixtures';
import { type HttpMock, mockHttp } from '../test/http-mock';
import { renderWallet } from '../test/render';
import CoinStoreScreen from './coin-store';
import GoldSubscriptionScreen from './gold-subscription';

// Intl separates thousands and currency with no-break spaces; compare on plain ones.
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const named = (text: string) => (name: string) => plain(name) === text;
const byPlainText = (text: string) => (_: string, element: Element | null) =>
  !!element && element.children.length === 0 && plain(element.textContent) === text;

let http: HttpMock;
beforeEach(async () => {
  await act(() => setLanguage('ru'));
});
afterEach(async () => {
  http?.restore();
  await act(() => setLanguage('en'));
  localStorage.clear();
});

describe('coins in Russian', () => {
  it.each([
    [1, '1 монета'],
    [2, '2 монеты'],
    [5, '5 монет'],
    [11, '11 монет'],
    [21, '21 монета'],
    [1100, '1 100 монет'],
  ])('%i reads "%s"', (count, text) => {
    expect(plain(coinsLabel(count))).toBe(text);
  });
  it('keeps the sign of coins spent and received', () => {
    expect(signedCoins(-5)).toBe('−5 монет');
    expect(signedCoins(22)).toBe('+22 монеты');
  });
});

describe('the coin store in Russian', () => {
  it('names the packages, their coins and bonus and prices in roubles, and the balance', async () => {
    http = mockHttp((config) => (config.url === '/coins/packages/' ? { status: 200, data: packages } : undefined));
    renderWallet(<CoinStoreScreen />, { path: '/coins' });
    expect(screen.getByRole('heading', { name: 'Магазин монет', level: 1 })).toBeInTheDocument();
    const binge = (await screen.findByRole('heading', { name: 'Binge pack' })).closest('li') as HTMLElement;
    expect(within(binge).getByText('500 монет')).toBeInTheDocument();
    expect(within(binge).getByText(/\+ 50 бонусных/)).toBeInTheDocument();
    expect(within(binge).getByText('Популярный')).toBeInTheDocument();
    // The amount is the API's, in roubles; only the way it is written is Russian.
    expect(within(binge).getByRole('button', { name: named('Купить 550 монет за 449 ₽') })).toHaveTextContent(
      /^Купить 550 монет за 449\s₽$/,
    );
    expect(screen.getByLabelText('Ваш баланс')).toHaveTextContent('40 монет');
  });

  it('switches from English to Russian on the open screen, with no reload', async () => {
    await act(() => setLanguage('en'));
    http = mockHttp((config) => (config.url === '/coins/packages/' ? { status: 200, data: packages } : undefined));
    renderWallet(<CoinStoreScreen />, { path: '/coins' });
    await screen.findByRole('heading', { name: 'Coin store', level: 1 });
    await act(() => setLanguage('ru'));
    expect(screen.getByRole('heading', { name: 'Магазин монет', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Пакеты монет' })).toBeInTheDocument();
  });
});

describe('pack, plan and offer names in Russian', () => {
  const russianPacks = [
    { ...packages[0], translations: { ru: { title: 'Для начала' } } },
    // No Russian name: the title staff wrote.
    packages[1],
  ];
  const offer = {
    package_id: 2,
    kind: 'extra_coins',
    title: 'Double your first top-up',
    translations: { ru: { title: 'Первое пополнение — вдвое больше' } },
    coins: 1100,
    price: 449,
    regular_coins: 550,
    regular_price: 449,
    currency: 'rub',
    ends_at: null,
  };

  it('names each pack by its Russian name, else by the title staff wrote, and the offer by its Russian headline', async () => {
    http = mockHttp((config) => {
      if (config.url === '/coins/packages/') return { status: 200, data: russianPacks };
      if (config.url === '/coins/first-purchase-offer/') return { status: 200, data: { offer } };
    });
    renderWallet(<CoinStoreScreen />, { path: '/coins' });
    expect(await screen.findByRole('heading', { name: 'Для начала' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Первое пополнение — вдвое больше' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Starter' })).not.toBeInTheDocument();
    expect(screen.queryByText('Double your first top-up')).not.toBeInTheDocument();
  });

  it('keeps the English names for an English page, and switches them live', async () => {
    await act(() => setLanguage('en'));
    http = mockHttp((config) => (config.url === '/coins/packages/' ? { status: 200, data: russianPacks } : undefined));
    renderWallet(<CoinStoreScreen />, { path: '/coins' });
    expect(await screen.findByRole('heading', { name: 'Starter' })).toBeInTheDocument();
    await act(() => setLanguage('ru'));
    expect(screen.getByRole('heading', { name: 'Для начала' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Binge pack' })).toBeInTheDocument();
  });

  it('names each Gold plan by its Russian name', async () => {
    http = mockHttp((config) => {
      if (config.url === '/subscriptions/plans/')
        return {
          status: 200,
          data: [{ ...plans[0], translations: { ru: { title: 'Gold на месяц' } } }, plans[1]],
        };
      if (config.url === '/subscriptions/active/') return { status: 200, data: null };
    });
    renderWallet(<GoldSubscriptionScreen />, { path: '/gold-subscription' });
    expect(await screen.findByRole('heading', { name: 'Gold на месяц' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Gold yearly' })).toBeInTheDocument();
  });
});

describe('Gold in Russian', () => {
  it('offers each plan at its price a month, with the benefits counted in Russian', async () => {
    http = mockHttp((config) => {
      if (config.url === '/subscriptions/plans/') return { status: 200, data: plans };
      if (config.url === '/subscriptions/gold-offer/')
        return {
          status: 200,
          data: { coin_episodes: 42, gold_exclusive_series: 1, gold_only_episodes: 5, gold_exclusive_free_episodes: 2 },
        };
      if (config.url === '/subscriptions/active/') return { status: 200, data: null };
    });
    renderWallet(<GoldSubscriptionScreen />, { path: '/gold-subscription' });
    expect(screen.getByRole('heading', { name: 'Cliffhanger Gold', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Выберите тариф' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: named('Оформить Gold за 399 ₽ в месяц') })).toHaveTextContent(
      'Оформить',
    );
    expect(await screen.findByText('Все 42 платные серии — без монет')).toBeInTheDocument();
    expect(
      screen.getByText(
        '5 серий только для подписчиков в 1 эксклюзивном сериале Gold (ещё 2 серии в них бесплатны для всех)',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('бесплатный тариф')).toBeInTheDocument();
  });
});

describe('transactions in Russian', () => {
  it('signs coins, writes money in roubles and the date with a Russian month', async () => {
    http = mockHttp(() => ({
      status: 200,
      data: {
        results: [
          {
            id: 1,
            type: 'purchase',
            description: 'Покупка монет',
            amount: 1490,
            currency: 'rub',
            coins: 1100,
            status: 'pending',
            created_at: '2026-11-25T10:00:00.000Z',
          },
        ],
        count: 1,
        next: null,
      },
    }));
    renderWallet(<TransactionsList />);
    expect(screen.getByRole('heading', { name: 'Операции' })).toBeInTheDocument();
    const item = await screen.findByRole('listitem');
    expect(within(item).getByText(byPlainText('+1 100 монет'))).toBeInTheDocument();
    expect(within(item).getByText(byPlainText('1 490 ₽'))).toBeInTheDocument();
    expect(within(item).getByText(/Ожидает оплаты/)).toBeInTheDocument();
    expect(within(item).getByText(/25 нояб\. 2026/)).toBeInTheDocument();
  });
});

describe('the card form in Russian', () => {
  it('labels the fields and says what is wrong next to each one', async () => {
    http = mockHttp(() => ({ status: 200, data: [] }));
    renderWallet(<PaymentsPanel />);
    expect(screen.getByRole('heading', { name: 'Способы оплаты' })).toBeInTheDocument();
    expect(await screen.findByText('Сохранённых карт пока нет.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Добавить карту' }));
    const form = screen.getByRole('form', { name: 'Новая карта' });
    await userEvent.type(within(form).getByLabelText('Номер карты'), '4242 4242 4242 4241');
    await userEvent.type(within(form).getByLabelText('Срок действия (ММ/ГГ)'), '01/20');
    await userEvent.click(within(form).getByRole('button', { name: 'Добавить карту' }));
    expect(within(form).getByLabelText('Номер карты')).toHaveAccessibleDescription(
      'Похоже, в номере карты ошибка. Проверьте его.',
    );
    expect(within(form).getByLabelText('Срок действия (ММ/ГГ)')).toHaveAccessibleDescription(
      'Срок действия карты истёк.',
    );
    expect(within(form).getByLabelText('Имя на карте')).toHaveAccessibleDescription('Введите имя, как на карте.');
    expect(within(form).getByLabelText('Код безопасности')).toHaveAccessibleDescription(
      'Введите 3-значный код с обратной стороны карты.',
    );
  });
});
