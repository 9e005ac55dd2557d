import { type RemoteReleasesView, type RemoteVersionFigures, showToast } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { Releases, shareProblem } from './releases-screen';

let http: HttpMock;
afterEach(() => {
  http.restore();
  jest.restoreAllMocks();
});

const figures = (version: string, extra: Partial<RemoteVersionFigures> = {}): RemoteVersionFigures => ({
  version,
  built_at: '2026-11-20T10:00:00.000Z',
  shared: { react: '^19.0.0' },
  compatible: true,
  incompatibility: null,
  loads: 0,
  failures: 0,
  errors: 0,
  failure_rate: 0,
  median_load_ms: null,
  ...extra,
});

const plain = (remote: RemoteReleasesView['remotes'][number]['remote']) => ({
  remote,
  stable_version: 'current',
  canary_version: null,
  canary_share: 0,
  updated_at: null,
  auto_rollback: null,
  versions: [figures('current', { built_at: null })],
});

function view(wallet: Partial<RemoteReleasesView['remotes'][number]> = {}): RemoteReleasesView {
  return {
    remotes: [
      plain('catalog'),
      {
        remote: 'wallet',
        stable_version: '1.4.0',
        canary_version: '2.0.0',
        canary_share: 25,
        updated_at: '2026-11-24T09:00:00.000Z',
        auto_rollback: null,
        versions: [
          figures('2.1.0', {
            compatible: false,
            incompatibility: "react ^18.2.0 does not admit the shell's 19.2.0.",
          }),
          figures('2.0.0', { loads: 40, failures: 2, errors: 1, failure_rate: 3 / 42, median_load_ms: 180 }),
          figures('1.4.0', { loads: 300, failures: 3, failure_rate: 3 / 303, median_load_ms: 150 }),
          figures('1.3.0'),
        ],
        ...wallet,
      },
    ],
  };
}

function serve(answer: RemoteReleasesView) {
  http = mockHttp((config) => {
    if (config.url === '/admin/releases/' && config.method === 'get') return { status: 200, data: answer };
    if (config.method === 'put' || config.method === 'post') return { status: 200, data: answer };
    return undefined;
  });
}

const card = async (name: string) => screen.findByRole('region', { name });
const sent = (method: string, url: string) =>
  http.calls
    .filter((c) => c.method === method && c.url === url)
    .map((c) => (c.data ? JSON.parse(String(c.data)) : null));

describe('the Releases screen', () => {
  it('shows each remote’s stable version, its canary and share, and every version’s figures side by side', async () => {
    serve(view());
    renderAdmin(<Releases />, { path: '/admin/releases' });
    const wallet = await card('Wallet');
    expect(within(wallet).getByText('1.4.0', { selector: 'dd' })).toBeInTheDocument();
    expect(within(wallet).getByText('2.0.0 for 25% of sessions')).toBeInTheDocument();
    const rows = within(wallet).getAllByRole('row');
    const row = (version: string) =>
      rows.find((r) => within(r).queryByRole('rowheader')?.textContent?.startsWith(version));
    expect(
      within(row('2.0.0') as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([expect.any(String), '42', '7.1%3 failed of 42', '180 ms', 'Yes', 'Make stable']);
    expect(within(row('1.3.0') as HTMLElement).getAllByRole('cell')[2]).toHaveTextContent('—');
    // What the rate counts, and over which period, is written under the table.
    expect(
      within(wallet).getByText(/^Failure rate: the loads of the version that failed plus the errors it reported/),
    ).toHaveTextContent('over the last 60 minutes');
    expect(await card('Catalog')).toHaveTextContent('None');
  });

  it('says why an incompatible version cannot be chosen, and offers it nowhere', async () => {
    serve(view());
    renderAdmin(<Releases />, { path: '/admin/releases' });
    const wallet = await card('Wallet');
    expect(within(wallet).getByText(/No: react \^18\.2\.0 does not admit the shell's 19\.2\.0/)).toBeInTheDocument();
    expect(within(wallet).getByRole('button', { name: 'Make Wallet 2.1.0 stable' })).toBeDisabled();
    const select = within(wallet).getByLabelText('Wallet canary version');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['2.0.0', '1.3.0']);
  });

  it('updates the canary share from the keyboard, refusing a share outside 1–100', async () => {
    serve(view());
    renderAdmin(<Releases />, { path: '/admin/releases' });
    const user = userEvent.setup();
    const wallet = await card('Wallet');
    const share = within(wallet).getByLabelText('Share of sessions (%)');
    await user.clear(share);
    await user.type(share, '150{Enter}');
    expect(within(wallet).getByRole('alert')).toHaveTextContent('Enter a whole number from 1 to 100');
    expect(sent('PUT', '/admin/releases/wallet/canary')).toEqual([]);
    await user.clear(share);
    await user.type(share, '50');
    await user.click(within(wallet).getByRole('button', { name: 'Update canary' }));
    await waitFor(() =>
      expect(sent('PUT', '/admin/releases/wallet/canary')).toEqual([{ version: '2.0.0', share: 50 }]),
    );
    // The view is asked for again after the change.
    await waitFor(() => expect(sent('GET', '/admin/releases/').length).toBeGreaterThanOrEqual(2));
  });

  it('promotes, rolls back and makes a version stable only once staff confirm', async () => {
    serve(view());
    renderAdmin(<Releases />, { path: '/admin/releases' });
    const user = userEvent.setup();
    const wallet = await card('Wallet');
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    await user.click(within(wallet).getByRole('button', { name: 'Promote 2.0.0' }));
    expect(sent('POST', '/admin/releases/wallet/promote')).toEqual([]);
    await user.click(within(wallet).getByRole('button', { name: 'Promote 2.0.0' }));
    await waitFor(() => expect(sent('POST', '/admin/releases/wallet/promote')).toHaveLength(1));
    await user.click(within(await card('Wallet')).getByRole('button', { name: 'Roll back 2.0.0' }));
    await waitFor(() => expect(sent('POST', '/admin/releases/wallet/rollback')).toHaveLength(1));
    await user.click(within(await card('Wallet')).getByRole('button', { name: 'Make Wallet 1.3.0 stable' }));
    await waitFor(() => expect(sent('PUT', '/admin/releases/wallet/stable')).toEqual([{ version: '1.3.0' }]));
    expect(confirm).toHaveBeenCalledTimes(4);
    expect(confirm.mock.calls[2][0]).toContain('Roll back Wallet 2.0.0? Its sessions go back to 1.4.0.');
  });

  it('shows an automatic rollback plainly, with its reason', async () => {
    serve(
      view({
        canary_version: null,
        canary_share: 0,
        auto_rollback: {
          at: '2026-11-24T09:30:00.000Z',
          version: '2.0.0',
          reason: 'failure rate 34% over 41 loads against 2% on 1.4.0',
        },
      }),
    );
    renderAdmin(<Releases />, { path: '/admin/releases' });
    const wallet = await card('Wallet');
    expect(within(wallet).getByRole('note')).toHaveTextContent(
      /Wallet 2\.0\.0 was rolled back automatically on .+: failure rate 34% over 41 loads against 2% on 1\.4\.0\./,
    );
    expect(within(wallet).getByRole('button', { name: 'Start canary' })).toBeInTheDocument();
    expect(within(wallet).queryByRole('button', { name: /Promote/ })).toBeNull();
  });

  it('shows the server’s reason when an action is refused', async () => {
    http = mockHttp((config) => {
      if (config.method === 'get') return { status: 200, data: view() };
      return { status: 409, data: { message: 'wallet 1.3.0 cannot be rolled out: it does not fit the shell.' } };
    });
    const record: UnknownAction[] = [];
    renderAdmin(<Releases />, { path: '/admin/releases', record });
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    await user.click(within(await card('Wallet')).getByRole('button', { name: 'Make Wallet 1.3.0 stable' }));
    await waitFor(() =>
      expect(record).toContainEqual(
        showToast({ type: 'error', message: 'wallet 1.3.0 cannot be rolled out: it does not fit the shell.' }),
      ),
    );
  });
});

describe('the canary share', () => {
  it('is a whole number from 1 to 100', () => {
    expect(shareProblem('1')).toBeNull();
    expect(shareProblem('100')).toBeNull();
    for (const bad of ['0', '101', '', '5.5', '-3', 'ten']) expect(shareProblem(bad)).not.toBeNull();
  });
});
