import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser } from '../../test/fixtures';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin, staffMember } from '../../test/render';
import { GoldPanel } from './gold-panel';
import { goldStatusText } from './gold-status';
import { peopleT } from './messages';

const viewer = adminUser({ id: 7, email: 'ana@example.com', username: 'ana' });
const FUTURE = '2099-03-01T00:00:00.000Z';
const subscription = (extra: Record<string, unknown>) => ({
  id: 3,
  plan: 'monthly',
  name: 'Gold',
  status: 'active',
  current_period_end: FUTURE,
  cancel_at_period_end: false,
  interval: 'month',
  created_at: '2026-01-01T00:00:00.000Z',
  user_id: 7,
  user_email: 'ana@example.com',
  user_username: 'ana',
  provider: 'dev',
  ...extra,
});

let http: HttpMock;
afterEach(() => http?.restore());

function renderPanel(rows: unknown[], superuser = true) {
  http = mockHttp((config) => {
    if (config.url === '/admin/subscriptions/')
      return { status: 200, data: { results: rows, count: rows.length, page: 1, limit: 20 } };
    if (config.method === 'post') return { status: 200, data: rows[0] ?? {} };
    return undefined;
  });
  renderAdmin(<GoldPanel user={viewer} />, { user: staffMember({ id: 99, is_superuser: superuser }) });
  return userEvent.setup();
}

const posts = () =>
  http.calls
    .filter((call) => call.method === 'POST')
    .map((call) => ({ url: call.url, body: JSON.parse(String(call.data)) }));

describe('the Gold panel', () => {
  it('says honestly where a subscription stands: renews, cancels, ended, comped', () => {
    const t = peopleT as Parameters<typeof goldStatusText>[1];
    const now = new Date('2099-01-01T00:00:00.000Z');
    expect(goldStatusText(subscription({}) as never, t, now)).toMatch(/^Active until .+ \(renews\)$/);
    expect(goldStatusText(subscription({ cancel_at_period_end: true }) as never, t, now)).toMatch(/^Cancels on /);
    expect(goldStatusText(subscription({ status: 'canceled', cancel_at_period_end: true }) as never, t, now)).toMatch(
      /^Ended on /,
    );
    expect(goldStatusText(subscription({ plan: 'comp', cancel_at_period_end: true }) as never, t, now)).toMatch(
      /^Comped until /,
    );
  });

  it('gives Gold for a number of days with a reason when none is running', async () => {
    const user = renderPanel([]);
    expect(await screen.findByText('No Gold subscription.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Give Gold' });
    await user.click(within(form).getByRole('button', { name: 'Give Gold' }));
    expect(within(form).getByLabelText('Days')).toHaveAccessibleDescription(
      'Enter a whole number of days from 1 to 366',
    );
    expect(posts()).toHaveLength(0);
    await user.type(within(form).getByLabelText('Days'), '30');
    await user.type(within(form).getByLabelText('Reason (kept on the audit log)'), ' Outage apology ');
    await user.click(within(form).getByRole('button', { name: 'Give Gold' }));
    await waitFor(() =>
      expect(posts()).toEqual([{ url: '/admin/users/7/gold/comp/', body: { days: 30, reason: 'Outage apology' } }]),
    );
  });

  it('adds days to the period on screen, undoes a scheduled cancel, and ends now with a refund', async () => {
    const user = renderPanel([subscription({ cancel_at_period_end: true })]);
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    try {
      expect(await screen.findByText(/Cancels on/)).toBeInTheDocument();
      const extend = screen.getByRole('form', { name: 'Add days' });
      await user.type(within(extend).getByLabelText('Days'), '7');
      await user.type(within(extend).getByLabelText('Reason (kept on the audit log)'), 'Goodwill');
      await user.click(within(extend).getByRole('button', { name: 'Add days' }));
      await user.click(screen.getByRole('button', { name: 'Undo the cancel' }));
      const end = screen.getByRole('form', { name: 'End now' });
      await user.type(within(end).getByLabelText('Reason (kept on the audit log)'), 'Charged by mistake');
      await user.click(within(end).getByLabelText('Refund the last payment'));
      await user.click(within(end).getByRole('button', { name: 'End now' }));
      expect(confirm).toHaveBeenCalledWith('End Gold now for this viewer and refund the last payment in full?');
      await waitFor(() =>
        expect(posts()).toEqual([
          { url: '/admin/subscriptions/3/extend/', body: { days: 7, reason: 'Goodwill', period_end: FUTURE } },
          { url: '/admin/subscriptions/3/reactivate/', body: {} },
          { url: '/admin/subscriptions/3/end/', body: { refund: true, reason: 'Charged by mistake' } },
        ]),
      );
    } finally {
      confirm.mockRestore();
    }
  });

  it('shows other staff the state without the actions', async () => {
    renderPanel([subscription({})], false);
    expect(await screen.findByText(/Active until/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End now' })).not.toBeInTheDocument();
  });
});
