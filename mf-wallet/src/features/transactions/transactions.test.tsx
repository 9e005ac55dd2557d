import { balanceChanged, setLanguage } from '@cliffhanger/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import BalancePanel from '../../components/balance-panel';
import TransactionsList from '../../components/transactions-list';
import { transaction } from '../../test/fixtures';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderWallet } from '../../test/render';
import { settle, walletStore } from '../../test/store';

let http: HttpMock;
afterEach(() => http?.restore());

describe('transactions', () => {
  it('lists newest first, with coins signed and money in its currency', async () => {
    http = mockHttp(() => ({
      status: 200,
      data: {
        results: [
          transaction(2, { description: 'Unlocked “Night Shift”, episode 3', coins: -5 }),
          transaction(5, {
            type: 'purchase',
            description: 'Bought 500 coins',
            coins: 550,
            amount: 449,
            currency: 'rub',
          }),
          transaction(4, {
            type: 'subscription',
            description: 'Gold monthly',
            amount: 4.99,
            currency: 'usd',
            status: 'pending',
          }),
        ],
        count: 3,
        next: null,
      },
    }));
    renderWallet(<TransactionsList />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/Bought|Gold|Unlocked/).textContent)).toEqual([
      'Bought 500 coins',
      'Gold monthly',
      'Unlocked “Night Shift”, episode 3',
    ]);
    expect(within(items[0]).getByText('+550 coins')).toBeInTheDocument();
    expect(within(items[1]).getByText('$4.99')).toBeInTheDocument();
    expect(within(items[1]).getByText(/Awaiting payment/)).toBeInTheDocument();
    expect(within(items[2]).getByText('−5 coins')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Transaction pages' })).not.toBeInTheDocument();
  });

  it('pages through older transactions', async () => {
    http = mockHttp((config) =>
      config.params?.page === 1
        ? { status: 200, data: { results: [transaction(9, {})], count: 2, next: '/api/transactions/?page=2' } }
        : { status: 200, data: { results: [transaction(1, {})], count: 2, next: null } },
    );
    renderWallet(<TransactionsList />);
    expect(await screen.findByText('Entry 9')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Entry 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(screen.getByText('Page 2')).toBeInTheDocument();
  });

  it('says "Failed to fetch transactions" when they cannot be loaded', async () => {
    http = mockHttp(() => ({ status: 403, data: {} }));
    renderWallet(<TransactionsList />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch transactions');
  });

  it('reloads when coins move anywhere on the page', async () => {
    http = mockHttp(() => ({ status: 200, data: { results: [], count: 0, next: null } }));
    const store = walletStore();
    renderWallet(<TransactionsList />, { store });
    expect(await screen.findByText('No transactions yet.')).toBeInTheDocument();
    await act(async () => {
      store.dispatch(balanceChanged({ balance: 99, reason: 'sync' }));
      await settle();
    });
    expect(http.calls.filter((c) => c.url === '/transactions/')).toHaveLength(2);
  });

  it('tells the viewer the coins they owe after a refund of spent coins, on the list and the balance panel', async () => {
    const refund =
      'Coins taken back: a purchase was refunded; 70 more coins are owed and will come from your next coins';
    http = mockHttp((config) => {
      if (config.url === '/coins/balance/') return { status: 200, data: { balance: 0, owed: 70 } };
      return {
        status: 200,
        data: {
          results: [
            transaction(3, { type: 'payment_refunded', description: refund, coins: -30, owed: 70 }),
            transaction(2, {
              type: 'purchase',
              description: 'Bought 100 coins (refunded)',
              coins: 100,
              amount: 99,
              currency: 'rub',
            }),
          ],
          count: 2,
          next: null,
        },
      };
    });
    renderWallet(
      <>
        <BalancePanel />
        <TransactionsList />
      </>,
    );
    // Said once, with the balance; each row says what it left owing.
    const notices = await screen.findAllByRole('note');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toHaveTextContent('You owe 70 coins.');
    const items = await screen.findAllByRole('listitem');
    expect(within(items[0]).getByText(refund)).toBeInTheDocument();
    expect(within(items[0]).getByText('−30 coins')).toBeInTheDocument();
    expect(within(items[0]).getByText('70 owed')).toBeInTheDocument();
    expect(within(items[1]).getByText('Bought 100 coins (refunded)')).toBeInTheDocument();
  });

  it('says nothing about owing when nothing is owed', async () => {
    http = mockHttp((config) => {
      if (config.url === '/coins/balance/') return { status: 200, data: { balance: 40, owed: 0 } };
      return { status: 200, data: { results: [transaction(1, { coins: -5 })], count: 1, next: null } };
    });
    renderWallet(
      <>
        <BalancePanel />
        <TransactionsList />
      </>,
    );
    await screen.findAllByRole('listitem');
    await act(() => settle());
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByText(/owe/)).not.toBeInTheDocument();
  });

  it('shows the lines in the new language after a language switch, with no reload', async () => {
    http = mockHttp((config) => {
      const russian = config.headers?.['Accept-Language'] === 'ru';
      return {
        status: 200,
        data: {
          results: [transaction(1, { description: russian ? 'Ежедневный бонус' : 'Daily bonus', coins: 10 })],
          count: 1,
          next: null,
        },
      };
    });
    const store = walletStore();
    const { unmount } = renderWallet(<TransactionsList />, { store });
    expect(await screen.findByText('Daily bonus')).toBeInTheDocument();
    // The viewer leaves for the profile, switches to Russian, and comes back.
    unmount();
    try {
      await act(() => setLanguage('ru'));
      renderWallet(<TransactionsList />, { store });
      expect(await screen.findByText('Ежедневный бонус')).toBeInTheDocument();
      expect(screen.queryByText('Daily bonus')).not.toBeInTheDocument();
      // And on the screen itself, a switch rewords the list where it stands.
      await act(() => setLanguage('en'));
      expect(await screen.findByText('Daily bonus')).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
