import { screen } from '@testing-library/react';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import type { FunnelEpisode } from '../api/admin.types';
import { Dashboard, funnelSteps } from './insights-screens';

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
