/**
 * The analytics screen (issue #39): the viewing figures with their definitions under them, any period
 * (presets or two dates), an Export CSV button per table, and never the previous answer's figures
 * under a new choice when its load fails.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { Analytics } from './insights-screens';
import { lastDays } from './period-picker';

let http: HttpMock | undefined;
afterEach(() => http?.restore());

const SERIES = {
  results: [
    { id: 1, title: 'Midnight Vows' },
    { id: 2, title: 'Glass Crown' },
  ],
  count: 2,
  page: 1,
  limit: 100,
};

const answer = (seriesId: number, title: string) => ({
  days: 2,
  from: '2026-11-23',
  to: '2026-11-24',
  totals: { views: 9, viewers: 4, active_viewers: 7 },
  daily: [
    { day: '2026-11-23', views: 3, viewers: 2, active_viewers: 3 },
    { day: '2026-11-24', views: 6, viewers: 3, active_viewers: 5 },
  ],
  funnel: {
    series_id: seriesId,
    series_title: title,
    steps: { starters: 0, finishers: 0, paywall_viewers: 0, unlockers: 0, coin_buyers: 0, gold_buyers: 0 },
    feed: { impressions: 0, plays: 0, play_rate: null, went_on: 0, daily: [] },
    episodes: [],
  },
  revenue: [],
  episode_revenue: [
    {
      day: '2026-11-24',
      series_id: seriesId,
      series_title: title,
      episode_id: 12,
      episode_number: 2,
      unlocks: 1,
      coins: 20,
      money: [{ currency: 'usd', attributed_minor: 150 }],
    },
  ],
  gold_conversions: [],
  retention: { d1: { cohort: 0, returned: 0, rate: null }, d7: { cohort: 0, returned: 0, rate: null } },
});

function serve(analytics: (params: Record<string, unknown>) => { status: number; data: unknown }) {
  http = mockHttp((config) => {
    if (config.url === '/admin/analytics/') return analytics((config.params ?? {}) as Record<string, unknown>);
    if (config.url === '/admin/series/') return { status: 200, data: SERIES };
    return undefined;
  });
  return http;
}

/** A Blob's text (jsdom's Blob has no text()). */
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const analyticsCalls = () => (http?.calls ?? []).filter((call) => call.url === '/admin/analytics/');

describe('the analytics screen', () => {
  it('shows views, viewers and active viewers of the period, each with what it counts written under it', async () => {
    serve(() => ({ status: 200, data: answer(1, 'Midnight Vows') }));
    renderAdmin(<Analytics />, { path: '/admin/analytics' });
    const totals = await screen.findByTestId('viewing-totals');
    expect(within(totals).getByText('Views').previousSibling).toHaveTextContent('9');
    expect(within(totals).getByText('Viewers').previousSibling).toHaveTextContent('4');
    expect(within(totals).getByText('Active viewers').previousSibling).toHaveTextContent('7');
    expect(within(totals).getByText('A view is one episode start.')).toBeInTheDocument();
    expect(within(totals).getByText(/A viewer is a distinct person .* who started an episode\./)).toBeInTheDocument();
    expect(within(totals).getByText(/An active viewer is a distinct person with any activity/)).toBeInTheDocument();
    // It opens on the last 30 days up to today.
    expect(analyticsCalls()[0]?.params).toEqual(expect.objectContaining(lastDays(30)));
  });

  it('asks for the days chosen, and says a backwards period is wrong without asking the API', async () => {
    serve(() => ({ status: 200, data: answer(1, 'Midnight Vows') }));
    const user = userEvent.setup();
    renderAdmin(<Analytics />, { path: '/admin/analytics' });
    await screen.findByTestId('viewing-totals');
    await user.selectOptions(screen.getByLabelText('Period'), 'Chosen days');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    const asked = analyticsCalls().length;
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The last day must be the first day or later.');
    expect(analyticsCalls()).toHaveLength(asked);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-20' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(analyticsCalls().at(-1)?.params).toEqual(
        expect.objectContaining({ from: '2026-11-10', to: '2026-11-20' }),
      ),
    );
    await user.selectOptions(screen.getByLabelText('Period'), 'Last 7 days');
    await waitFor(() => expect(analyticsCalls().at(-1)?.params).toEqual(expect.objectContaining(lastDays(7))));
  });

  it('shows the error alone when the next series fails to load, never the previous series’ figures', async () => {
    serve((params) =>
      params.series_id === 2
        ? { status: 404, data: { message: 'Series not found' } }
        : { status: 200, data: answer(1, 'Midnight Vows') },
    );
    const user = userEvent.setup();
    renderAdmin(<Analytics />, { path: '/admin/analytics' });
    expect(await screen.findByRole('heading', { name: 'How far viewers of “Midnight Vows” got' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Series'), 'Glass Crown');
    expect(await screen.findByText('The analytics could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText(/Midnight Vows”/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('viewing-totals')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export/ })).not.toBeInTheDocument();
  });

  it('exports a table as a CSV file of the shown period, cells safe for spreadsheets', async () => {
    serve(() => ({ status: 200, data: answer(1, '=Midnight Vows') }));
    const created = jest.fn((_blob: Blob) => 'blob:analytics');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderAdmin(<Analytics />, { path: '/admin/analytics' });
    await user.click(await screen.findByRole('button', { name: 'Export “Unlocks and money per episode” as CSV' }));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'analytics-series_revenue-2026-11-23-2026-11-24.csv',
    );
    const text = await readText(created.mock.calls[0]?.[0] as Blob);
    expect(text).toBe(
      // The reader drops the byte-order mark the file starts with.
      'day,series_id,series,episode_id,episode,unlocks,coins,currency,money_attributed_minor\r\n' +
        "2026-11-24,1,'=Midnight Vows,12,2,1,20,usd,150\r\n",
    );
    // Every table of the screen has its button.
    expect(screen.getAllByRole('button', { name: /^Export “.*” as CSV$/ }).length).toBeGreaterThanOrEqual(4);
    click.mockRestore();
  });
});
