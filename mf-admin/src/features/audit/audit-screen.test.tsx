import { catalogueProblems, registeredCatalogues, showToast } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin, staffMember } from '../../test/render';
import { AuditLog } from './audit-screen';
import { AUDIT_MESSAGES, AUDIT_NAMESPACE } from './messages';

const granted = {
  id: 11,
  actor_id: 2,
  actor_email: 'eda@example.com',
  action: 'user.coins_granted',
  entity: 'user',
  entity_id: '7',
  before: { coin_balance: 0 },
  after: { coin_balance: 40, amount: 40, reason: 'Outage apology' },
  changes: [
    { field: 'coin_balance', before: 0, after: 40 },
    { field: 'amount', before: null, after: 40 },
    { field: 'reason', before: null, after: 'Outage apology' },
  ],
  created_at: '2026-12-01T10:00:00.000Z',
};

let http: HttpMock;
afterEach(() => http.restore());

function answer() {
  http = mockHttp((config) => {
    if (config.url === '/admin/audit/')
      return { status: 200, data: { results: [granted], count: 41, page: 1, limit: 20 } };
    if (config.url === '/admin/audit/actions/')
      return { status: 200, data: ['user.coins_granted', 'user.role_change'] };
    if (config.url === '/admin/audit/export/') return { status: 200, data: '\uFEFFwhen,who\r\n' };
  });
}
const superuser = staffMember({ id: 1, is_superuser: true });
const auditRequests = () => http.calls.filter((call) => call.url === '/admin/audit/');

describe('the audit log screen', () => {
  it('has its words in English and Russian, registered by the staff area', () => {
    answer();
    expect(catalogueProblems(AUDIT_NAMESPACE, AUDIT_MESSAGES)).toEqual([]);
    expect(registeredCatalogues().get(AUDIT_NAMESPACE)).toBe(AUDIT_MESSAGES);
  });

  it('shows who did what and when, with each changed field before and after', async () => {
    answer();
    renderAdmin(<AuditLog />, { user: superuser, path: '/admin/audit' });
    const row = (await screen.findByText('user.coins_granted', { selector: 'code' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('eda@example.com')).toBeInTheDocument();
    expect(within(row).getByText('user #7')).toBeInTheDocument();
    const reason = within(row).getByText('reason').closest('li') as HTMLElement;
    expect(reason).toHaveTextContent('reason: (empty) → Outage apology');
    expect(within(row).getByText('coin_balance').closest('li')).toHaveTextContent('coin_balance: 0 → 40');
    expect(screen.getByRole('navigation', { name: 'Audit log pages' })).toHaveTextContent('Page 1 of 3');
  });

  it('filters by person, action and days through the address, and refuses an end before the start', async () => {
    answer();
    const user = userEvent.setup();
    const { href } = renderAdmin(<AuditLog />, { user: superuser, path: '/admin/audit' });
    const form = await screen.findByRole('form', { name: 'Filter the audit log' });
    await user.type(within(form).getByLabelText('Person (e-mail)'), 'eda');
    await waitFor(() => expect(within(form).getByRole('option', { name: 'user.role_change' })).toBeInTheDocument());
    await user.selectOptions(within(form).getByLabelText('Action'), 'user.role_change');
    await user.type(within(form).getByLabelText('From'), '2026-12-05');
    await user.type(within(form).getByLabelText('To'), '2026-12-01');
    await user.click(within(form).getByRole('button', { name: 'Show' }));
    expect(within(form).getByLabelText('From')).toHaveAccessibleDescription('The start must not be after the end');
    const form2 = screen.getByRole('form', { name: 'Filter the audit log' });
    await user.clear(within(form2).getByLabelText('To'));
    await user.type(within(form2).getByLabelText('To'), '2026-12-06');
    await user.click(within(form2).getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(href()).toBe('/admin/audit?actor=eda&action=user.role_change&from=2026-12-05&to=2026-12-06'),
    );
    await waitFor(() =>
      expect(auditRequests().at(-1)?.params).toMatchObject({
        actor: 'eda',
        action: 'user.role_change',
        from: '2026-12-05',
        to: '2026-12-06',
        page: 1,
      }),
    );
  });

  it('exports the filtered rows as a CSV file', async () => {
    answer();
    const created = jest.fn(() => 'blob:audit');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    const record: UnknownAction[] = [];
    renderAdmin(<AuditLog />, { user: superuser, record, path: '/admin/audit?action=user.coins_granted' });
    await user.click(await screen.findByRole('button', { name: 'Export CSV of the filtered rows' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const exported = http.calls.find((call) => call.url === '/admin/audit/export/');
    expect(exported?.params).toEqual({ action: 'user.coins_granted' });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(record).toContainEqual(showToast({ type: 'success', message: 'The CSV file is saved' }));
    click.mockRestore();
  });

  it('tells plain staff that only a superuser reads it, asking the API nothing', async () => {
    answer();
    renderAdmin(<AuditLog />, { user: staffMember({ id: 9 }), path: '/admin/audit' });
    expect(await screen.findByRole('status')).toHaveTextContent('Only a superuser can read the audit log.');
    expect(http.calls.filter((call) => call.url.startsWith('/admin/audit'))).toEqual([]);
  });
});
