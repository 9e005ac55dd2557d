import { navigationRequested, showToast } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser } from '../../test/fixtures';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin, staffMember } from '../../test/render';
import { Users } from './people-screens';

const boss = adminUser({ id: 1, email: 'boss@example.com', username: 'boss', is_staff: true, is_superuser: true });
const eda = adminUser({ id: 5, email: 'eda@example.com', username: 'eda', is_staff: true });
const ana = adminUser({ id: 7, email: 'ana@example.com', username: 'ana' });
const invitations = [
  {
    id: 3,
    email: 'new@example.com',
    status: 'pending',
    created_by_email: 'boss@example.com',
    created_at: '2026-12-01T00:00:00.000Z',
    expires_at: '2026-12-04T00:00:00.000Z',
    used_at: null,
    used_by_email: null,
    revoked_at: null,
  },
  {
    id: 2,
    email: 'old@example.com',
    status: 'used',
    created_by_email: 'boss@example.com',
    created_at: '2026-11-01T00:00:00.000Z',
    expires_at: '2026-11-04T00:00:00.000Z',
    used_at: '2026-11-02T00:00:00.000Z',
    used_by_email: 'old@example.com',
    revoked_at: null,
  },
];

let http: HttpMock;
afterEach(() => {
  http.restore();
  jest.restoreAllMocks();
});

function answer(refuse: { status: number; data: unknown } | null = null) {
  http = mockHttp((config) => {
    if (config.url === '/admin/users/')
      return { status: 200, data: { results: [boss, eda, ana], count: 3, limit: 20 } };
    if (config.url === '/admin/users/5/') {
      if (config.method === 'patch') return refuse ?? { status: 200, data: { ...eda, role: 'superuser' } };
      return { status: 200, data: { user: eda, ledger: [], unlocks: [] } };
    }
    if (config.url?.startsWith('/admin/users/5/')) return { status: 200, data: { results: [], count: 0, limit: 20 } };
    if (config.url === '/admin/subscriptions/') return { status: 200, data: { results: [], count: 0, limit: 20 } };
    if (config.url === '/admin/invitations/' && config.method === 'post')
      return { status: 201, data: { code: 'AAAA-BBBB-CCCC-DDDD', expires_at: '2026-12-10T00:00:00.000Z' } };
    if (config.url === '/admin/invitations/') return { status: 200, data: invitations };
    if (config.url === '/admin/invitations/3/revoke/')
      return { status: 200, data: { ...invitations[0], status: 'revoked' } };
    if (config.url === '/admin/me/') return { status: 200, data: { ...boss, grant_limit: null } };
  });
}
const sent = (url: string, method: string) =>
  http.calls
    .filter((call) => call.url === url && call.method === method.toUpperCase())
    .map((call) => JSON.parse(String(call.data)));

describe('roles in the users list and on a user', () => {
  it('names each person’s role plainly: a superuser is “Superuser”, not “staff”', async () => {
    answer();
    renderAdmin(<Users />, { user: staffMember({ id: 5 }) });
    const row = (await screen.findByRole('button', { name: 'boss' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Superuser')).toBeInTheDocument();
    const edaRow = screen.getByRole('button', { name: 'eda' }).closest('tr') as HTMLElement;
    expect(within(edaRow).getByText('Staff')).toBeInTheDocument();
    const anaRow = screen.getByRole('button', { name: 'ana' }).closest('tr') as HTMLElement;
    expect(within(anaRow).getByText('Viewer')).toBeInTheDocument();
  });

  it('lets a superuser change a staff member’s role after confirming, sending only the role', async () => {
    answer();
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    const record: UnknownAction[] = [];
    renderAdmin(<Users />, { user: staffMember({ id: 1, is_superuser: true }), record, path: '/admin/users?user=5' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role' }), 'superuser');
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(sent('/admin/users/5/', 'patch')).toEqual([{ role: 'superuser' }]));
    expect(window.confirm).toHaveBeenCalledWith(expect.stringContaining('eda@example.com'));
  });

  it('shows a refused role change in place and never signs anybody out', async () => {
    answer({ status: 403, data: { message: 'Only a superuser can change Gold or staff rights' } });
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    const record: UnknownAction[] = [];
    renderAdmin(<Users />, { user: staffMember({ id: 1, is_superuser: true }), record, path: '/admin/users?user=5' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role' }), 'viewer');
    await user.click(screen.getByRole('button', { name: 'Change role' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only a superuser can change Gold or staff rights');
    expect(record.filter((action) => navigationRequested.match(action))).toEqual([]);
  });

  it('tells plain staff who may change roles, offering no control and no invitations', async () => {
    answer();
    renderAdmin(<Users />, { user: staffMember({ id: 9 }), path: '/admin/users?user=5' });
    expect(await screen.findByText(/Only a superuser can change roles/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Invite staff' })).not.toBeInTheDocument();
    expect(http.calls.filter((call) => call.url === '/admin/invitations/')).toHaveLength(0);
  });
});

describe('inviting staff', () => {
  it('mails an invitation to the address typed, refusing a malformed one first', async () => {
    answer();
    const user = userEvent.setup();
    const record: UnknownAction[] = [];
    renderAdmin(<Users />, { user: staffMember({ id: 1, is_superuser: true }), record });
    const email = await screen.findByLabelText('Colleague’s e-mail');
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(email).toHaveAccessibleDescription('Enter an e-mail address like name@example.com');
    expect(sent('/admin/invitations/', 'post')).toEqual([]);
    await user.clear(email);
    await user.type(email, ' colleague@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(sent('/admin/invitations/', 'post')).toEqual([{ email: 'colleague@example.com', valid_hours: 72 }]),
    );
    expect(
      record.filter((a) => showToast.match(a)).map((a) => (a as ReturnType<typeof showToast>).payload.message),
    ).toContain('Invitation sent to colleague@example.com');
  });

  it('lists invitations with their status and revokes a pending one', async () => {
    answer();
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderAdmin(<Users />, { user: staffMember({ id: 1, is_superuser: true }) });
    expect(await screen.findByText('used by old@example.com')).toBeInTheDocument();
    expect(screen.getByText('pending')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Revoke the invitation/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Revoke the invitation for new@example.com' }));
    await waitFor(() =>
      expect(http.calls.filter((call) => call.url === '/admin/invitations/3/revoke/')).toHaveLength(1),
    );
  });
});
