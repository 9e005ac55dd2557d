import { screen, within } from '@testing-library/react';
import type { Transaction } from '../features/transactions/transactions.api';
import { type HttpMock, mockHttp } from '../test/http-mock';
import { renderWallet } from '../test/render';
import TransactionsList from './transactions-list';

let http: HttpMock;
afterEach(() => http?.restore());

const line = (id: number, extra: Partial<Transaction> & { as_guest?: boolean }) => ({
  id: `ledger-${id}`,
  type: 'unlock',
  description: `Entry ${id}`,
  amount: null,
  currency: null,
  coins: 0,
  status: 'succeeded',
  created_at: `2026-01-${String(id).padStart(2, '0')}T10:00:00.000Z`,
  ...extra,
});

describe('transactions after a guest merge', () => {
  it('marks each line the guest made "as guest" and leaves the account’s own lines unmarked', async () => {
    http = mockHttp(() => ({
      status: 200,
      data: {
        results: [
          line(3, { type: 'registration_bonus', description: 'Welcome bonus', coins: 100, as_guest: false }),
          line(2, { description: 'Unlocked “Night Shift”, episode 3', coins: -5, as_guest: true }),
          line(1, { type: 'daily_bonus', description: 'Daily bonus', coins: 10, as_guest: true }),
        ],
        count: 3,
        next: null,
      },
    }));
    renderWallet(<TransactionsList />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [welcome, unlock, daily] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(welcome).queryByText(/as guest/)).not.toBeInTheDocument();
    expect(within(unlock).getByText(/· as guest/)).toBeInTheDocument();
    expect(within(daily).getByText(/· as guest/)).toBeInTheDocument();
    expect(within(unlock).getByText('−5 coins')).toBeInTheDocument();
  });
});
