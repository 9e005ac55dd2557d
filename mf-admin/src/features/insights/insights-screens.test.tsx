import { screen, within } from '@testing-library/react';
import type { FunnelEpisode } from '../../lib/api/admin.types';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { conversionSteps, funnelSteps } from './analytics-figures';
import { Analytics, Dashboard } from './insights-screens';

let http: HttpMock | undefined;
afterEach(() => http?.restore());

const episode = (n: number, counts: Partial<FunnelEpisode>): FunnelEpisode => ({
  episode_id: n,
  season_number: 1,
  episode_number: n,
  title: `Episode ${n}`,
  is_free: n === 1,
  starts: 0,
  completions: 0,
  paywall_hits: 0,
  unlocks: 0,
  viewers: 0,
  quartile_25: 0,
  quartile_50: 0,
  quartile_75: 0,
  finished: 0,
  reached_share: null,
  ...counts,
});

describe('the funnel chart', () => {
  it('draws only the steps that happened, so each episode’s bars sit centred on its label', () => {
    const { drawn, empty } = funnelSteps([episode(1, { starts: 4, completions: 2 }), episode(2, { starts: 3 })]);
    expect(drawn.map(([key]) => key)).toEqual(['starts', 'completions']);
    expect(empty).toEqual(['Paywall hits', 'Unlocks']);
  });

  it('keeps a step that happened in any episode, in funnel order', () => {
    const { drawn } = funnelSteps([episode(1, { starts: 1 }), episode(5, { unlocks: 1, paywall_hits: 2 })]);
    expect(drawn.map(([key]) => key)).toEqual(['starts', 'paywall_hits', 'unlocks']);
  });
});

describe('the dashboard figures', () => {
  it('marks a long amount to shrink with its card and leaves short counts at full size', async () => {
    const figures = {
      active_viewers: 4,
      viewers: 2,
      views: 12,
      episodes_watched: 13,
      unlocks: 0,
      coins_spent: 0,
      revenue: [{ currency: 'rub', coins_minor: 123_456_789, gold_minor: 0, total_minor: 123_456_789 }],
      new_registrations: 3,
      new_guests: 1,
      gold_members: 0,
      new_gold_subscriptions: 0,
    };
    http = mockHttp((config) =>
      config.url === '/admin/dashboard/'
        ? { status: 200, data: { generated_at: '2026-11-24T00:00:00Z', today: figures, last_30_days: figures } }
        : undefined,
    );
    renderAdmin(<Dashboard />, { path: '/admin' });
    const [amount] = await screen.findAllByText(/1,234,567\.89/);
    expect(amount).toHaveClass('admin-figure-long');
    expect(screen.getAllByText('13')[0]).not.toHaveClass('admin-figure-long');
  });
});

describe('the series funnel from first play to purchase', () => {
  it('gives each step its share of the viewers who started the series', () => {
    const rows = conversionSteps({
      starters: 40,
      finishers: 10,
      paywall_viewers: 20,
      unlockers: 8,
      coin_buyers: 4,
      gold_buyers: 1,
    });
    expect(rows.map((row) => [row.label, row.value, row.share])).toEqual([
      ['Started an episode', 40, 1],
      ['Met the paywall', 20, 0.5],
      ['Unlocked an episode', 8, 0.2],
      ['Bought coins after the paywall', 4, 0.1],
      ['Took Gold after the paywall', 1, 0.025],
    ]);
  });

  it('shows the drop-off per episode and revenue with refunds left out', async () => {
    const steps = { starters: 4, finishers: 1, paywall_viewers: 2, unlockers: 1, coin_buyers: 1, gold_buyers: 0 };
    const analytics = {
      days: 7,
      from: '2026-11-18',
      to: '2026-11-24',
      totals: { views: 5, viewers: 4, active_viewers: 6 },
      daily: [{ day: '2026-11-24', views: 5, viewers: 4, active_viewers: 6 }],
      episode_revenue: [],
      funnel: {
        series_id: 1,
        series_title: 'Midnight Vows',
        steps,
        feed: {
          impressions: 12,
          plays: 6,
          play_rate: 0.5,
          went_on: 2,
          daily: [
            { day: '2026-11-23', impressions: 0, plays: 0, play_rate: null, went_on: 0 },
            { day: '2026-11-24', impressions: 12, plays: 6, play_rate: 0.5, went_on: 2 },
          ],
        },
        episodes: [
          episode(1, { viewers: 4, reached_share: 1, quartile_25: 3, finished: 1 }),
          episode(2, { viewers: 2, reached_share: 0.5, paywall_hits: 2, unlocks: 1 }),
        ],
      },
      revenue: [
        { currency: 'usd', daily: [{ day: '2026-11-24', coins_minor: 1600, gold_minor: 0, returned_minor: 500 }] },
      ],
      gold_conversions: [{ day: '2026-11-24', subscriptions: 0 }],
      retention: { d1: { cohort: 0, returned: 0, rate: null }, d7: { cohort: 0, returned: 0, rate: null } },
    };
    http = mockHttp((config) => {
      if (config.url === '/admin/analytics/') return { status: 200, data: analytics };
      if (config.url === '/admin/series/') return { status: 200, data: { results: [], count: 0, page: 1, limit: 100 } };
      return undefined;
    });
    renderAdmin(<Analytics />, { path: '/admin/analytics' });
    const table = await screen.findByRole('table', { name: /Distinct viewers per episode/ });
    const second = screen.getByRole('rowheader', { name: /EP2/ }).closest('tr') as HTMLElement;
    expect(table).toContainElement(second);
    expect(second).toHaveTextContent('50%');
    expect(screen.getByRole('list', { name: 'From first play to purchase' })).toHaveTextContent('Met the paywall2 50%');
    expect(screen.getByText(/Refunds and disputed payments are left out: \$5 went back to payers/)).toBeInTheDocument();
    expect(screen.getByText('0 new Gold subscriptions in the period.')).toBeInTheDocument();
  });

  it('shows the series in the For you feed: clips shown and played, the play rate and plays that led on, by day', async () => {
    http = mockHttp((config) => {
      if (config.url === '/admin/analytics/')
        return {
          status: 200,
          data: {
            days: 7,
            from: '2026-11-18',
            to: '2026-11-24',
            totals: { views: 0, viewers: 0, active_viewers: 0 },
            episode_revenue: [],
            daily: [],
            funnel: {
              series_id: 1,
              series_title: 'Midnight Vows',
              steps: { starters: 0, finishers: 0, paywall_viewers: 0, unlockers: 0, coin_buyers: 0, gold_buyers: 0 },
              feed: {
                impressions: 12,
                plays: 6,
                play_rate: 0.5,
                went_on: 2,
                daily: [
                  { day: '2026-11-23', impressions: 0, plays: 0, play_rate: null, went_on: 0 },
                  { day: '2026-11-24', impressions: 12, plays: 6, play_rate: 0.5, went_on: 2 },
                ],
              },
              episodes: [],
            },
            revenue: [],
            gold_conversions: [],
            retention: { d1: { cohort: 0, returned: 0, rate: null }, d7: { cohort: 0, returned: 0, rate: null } },
          },
        };
      if (config.url === '/admin/series/') return { status: 200, data: { results: [], count: 0, page: 1, limit: 100 } };
      return undefined;
    });
    renderAdmin(<Analytics />, { path: '/admin/analytics' });
    const section = await screen.findByRole('region', { name: '“Midnight Vows” in the For you feed' });
    const figures = within(section).getByTestId('feed-figures');
    expect(within(figures).getByText('Clips shown').previousSibling).toHaveTextContent('12');
    expect(within(figures).getByText('Play rate').previousSibling).toHaveTextContent('50%');
    expect(within(figures).getByText('Plays that led on to the series').previousSibling).toHaveTextContent('2');
    const table = within(section).getByRole('table', { name: /For you per day/ });
    // Only the days with a clip shown or played are listed.
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('row', { name: /11\/24\/2026/ })).toHaveTextContent('11/24/202612650%2');
  });
});
