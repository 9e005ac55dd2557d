import { screen, within } from '@testing-library/react';
import { transaction } from '../test/fixtures';
import { type HttpMock, mockHttp } from '../test/http-mock';
import { renderWallet } from '../test/render';
import TransactionsList from './transactions-list';

let http: HttpMock;
afterEach(() => http?.restore());

describe('transactions after a guest merge', () => {
  it('marks each line the guest made "as guest" and leaves the account’s own lines unmarked', async () => {
    http = mockHttp(() => ({
      status: 200,
      data: {
        results: [
          transaction(3, { type: 'registration_bonus', description: 'Welcome bonus', coins: 100, as_guest: false }),
          transaction(2, { description: 'Unlocked “Night Shift”, episode 3', coins: -5, as_guest: true }),
          transaction(1, { type: 'daily_bonus', description: 'Daily bonus', coins: 10, as_guest: true }),
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
