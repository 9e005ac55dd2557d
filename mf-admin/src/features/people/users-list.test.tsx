import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser } from '../../test/fixtures';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { Users } from './people-screens';

const ana = adminUser({ id: 7, email: 'ana@example.com', username: 'ana', is_gold_member: true, coin_balance: 40 });

let http: HttpMock;
beforeEach(() => {
  http = mockHttp((config) => {
    if (config.url === '/admin/users/') return { status: 200, data: { results: [ana], count: 41, page: 3, limit: 20 } };
    if (config.url === '/admin/users/7/') return { status: 200, data: { user: ana } };
    if (config.url?.startsWith('/admin/users/7/'))
      return { status: 200, data: { results: [], count: 0, page: 1, limit: 20 } };
  });
});
afterEach(() => http.restore());

const listRequests = () => http.calls.filter((call) => call.url === '/admin/users/');

describe('the users list in the page address', () => {
  it('opens a shared link at its filter, page and user', async () => {
    renderAdmin(<Users />, { path: '/admin/users?role=gold&page=3&user=7' });
    expect(await screen.findByRole('heading', { name: /ana/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Who' })).toHaveValue('gold');
    expect(listRequests()[0]?.params).toMatchObject({ role: 'gold', page: 3, limit: 20 });
  });

  it('puts the opened user in the address, and closing takes only them out', async () => {
    const user = userEvent.setup();
    const { href } = renderAdmin(<Users />, { path: '/admin/users?role=gold&page=3' });
    await user.click(await screen.findByRole('button', { name: 'ana' }));
    await waitFor(() => expect(href()).toBe('/admin/users?page=3&role=gold&user=7'));
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(href()).toBe('/admin/users?page=3&role=gold'));
    expect(screen.queryByRole('heading', { name: /ana/ })).not.toBeInTheDocument();
  });
});
