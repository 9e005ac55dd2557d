import { screen, within } from '@testing-library/react';
import { adminUser } from '../../test/fixtures';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin, staffMember } from '../../test/render';
import { Users } from './people-screens';

const debtor = adminUser({ id: 9, email: 'dee@example.com', username: 'dee', coin_balance: 0, owed: 51 });
const ledger = [
  {
    id: 3,
    delta: -51,
    reason: 'debt_settlement',
    reference: 'credit:2',
    balance_after: 29,
    note: null,
    created_at: '2026-12-07T10:00:00Z',
  },
  {
    id: 2,
    delta: 80,
    reason: 'staff_grant',
    reference: 'staff:1:k',
    balance_after: 80,
    note: 'Goodwill',
    created_at: '2026-12-07T10:00:00Z',
  },
  {
    id: 1,
    delta: -49,
    reason: 'payment_refunded',
    reference: 'payment:4:evt',
    balance_after: 0,
    note: 'Charged twice',
    created_at: '2026-12-07T09:00:00Z',
  },
];

let http: HttpMock;
beforeEach(() => {
  http = mockHttp((config) => {
    if (config.url === '/admin/users/')
      return { status: 200, data: { results: [debtor], count: 1, page: 1, limit: 20 } };
    if (config.url === '/admin/users/9/') return { status: 200, data: { user: debtor } };
    if (config.url === '/admin/users/9/ledger/')
      return { status: 200, data: { results: ledger, count: 3, page: 1, limit: 20 } };
    if (config.url?.startsWith('/admin/users/9/'))
      return { status: 200, data: { results: [], count: 0, page: 1, limit: 20 } };
    if (config.url === '/admin/me/') return { status: 200, data: { ...debtor, id: 2, grant_limit: null } };
  });
});
afterEach(() => http.restore());

describe('coins a viewer owes after a refund', () => {
  it('are shown in the users list and on the user page, and the grant form says a grant pays them first', async () => {
    renderAdmin(<Users />, { path: '/admin/users?user=9', user: staffMember({ id: 2 }) });
    const heading = await screen.findByRole('heading', { name: /dee/ });
    const page = heading.closest('section') as HTMLElement;
    expect(within(page).getByText(/^· owes 51 coins$/)).toBeInTheDocument();
    expect(within(page).getByRole('note')).toHaveTextContent('A grant pays that first');
    expect(screen.getAllByText(/^· owes 51 coins$/)).toHaveLength(2);
  });

  it('the ledger says which row paid the debt and which refund took coins back', async () => {
    renderAdmin(<Users />, { path: '/admin/users?user=9', user: staffMember({ id: 2 }) });
    expect(await screen.findByText('paid what was owed, out of the coins just above')).toBeInTheDocument();
    expect(screen.getByText('taken back: payment refunded')).toBeInTheDocument();
  });
});
