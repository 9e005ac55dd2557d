import { setLanguage } from '@cliffhanger/shared';
import { screen } from '@testing-library/react';
import type { AdminEpisode } from '../../lib/api/admin.types';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { AllEpisodes, SeriesEpisodes } from './episode-screens';
import { describeRule } from './pricing-rule';

jest.setTimeout(20_000);

let http: HttpMock;
afterEach(async () => {
  http?.restore();
  await setLanguage('en');
  localStorage.clear();
});

const episode = (id: number, n: number, cost: number): AdminEpisode => ({
  id,
  series_id: 7,
  series_title: 'Ночная смена',
  season_number: 1,
  episode_number: n,
  position: n - 1,
  title: `Ночь ${n}`,
  description: '',
  translations: {},
  thumbnail: null,
  duration: 60,
  hls_url: '/media/x/master.m3u8',
  video_url: null,
  is_free: cost === 0,
  coin_cost: cost,
  unlocks: 1200,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  status: 'published',
  published_at: '2026-01-01T00:00:00.000Z',
  publish_state: 'published',
  publish_checklist: [],
});

const EPISODES = [episode(11, 1, 0), episode(12, 2, 1), episode(13, 3, 2), episode(14, 4, 5), episode(15, 5, 21)];

describe('staff who use the site in Russian', () => {
  it('see a series’ episodes in Russian, each price with the right form of «монета»', async () => {
    await setLanguage('ru');
    http = mockHttp((config) => {
      if (config.url === '/admin/series/7/episodes/') return { status: 200, data: EPISODES };
      if (config.url === '/admin/series/7/')
        return { status: 200, data: { id: 7, title: 'Ночная смена', publish_state: 'published' } };
      return undefined;
    });
    renderAdmin(<SeriesEpisodes />, { path: '/admin/series/7/episodes', route: '/admin/series/:seriesId/episodes' });
    expect(await screen.findByRole('heading', { name: 'Серии «Ночная смена»' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Новая серия' })).toBeInTheDocument();
    expect(screen.getByText(/Ночь 1 — бесплатно/)).toBeInTheDocument();
    expect(screen.getByText(/Ночь 2 — 1 монета/)).toBeInTheDocument();
    expect(screen.getByText(/Ночь 3 — 2 монеты/)).toBeInTheDocument();
    expect(screen.getByText(/Ночь 4 — 5 монет/)).toBeInTheDocument();
    expect(screen.getByText(/Ночь 5 — 21 монета/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Снять' })).toHaveLength(5);
    expect(screen.getByRole('heading', { name: 'Цены для всех серий сразу' })).toBeInTheDocument();
  });

  it('see every episode’s state, price and unlocks in Russian', async () => {
    await setLanguage('ru');
    http = mockHttp((config) =>
      config.url === '/admin/episodes/'
        ? { status: 200, data: { results: EPISODES.slice(3), count: 2, page: 1, limit: 20 } }
        : undefined,
    );
    renderAdmin(<AllEpisodes />, { path: '/admin/episodes' });
    expect(await screen.findByText('5 монет')).toBeInTheDocument();
    expect(screen.getByText('21 монета')).toBeInTheDocument();
    expect(screen.getAllByText('Опубликовано')).toHaveLength(2);
    expect(screen.getAllByText(/1\s200/)).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Все серии' })).toBeInTheDocument();
  });

  it('read a pricing rule in Russian', async () => {
    await setLanguage('ru');
    expect(describeRule({ free_episodes: 5, price: 12, step: 2, every: 10 })).toBe(
      'Серии 1–5 бесплатно, далее 12 монет, плюс 2 каждые 10 серий',
    );
    expect(describeRule({ free_episodes: 0, price: 1, step: 3, every: 1 })).toBe(
      'Без бесплатных серий, далее 1 монета, плюс 3 каждую 1 серию',
    );
  });
});
