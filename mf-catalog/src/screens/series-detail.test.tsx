import { ADMIN_SYNC_INTERVAL_MS, SERIES_NOT_FOUND_MESSAGE } from '@cliffhanger/shared';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { episode, series } from '../test/fixtures';
import { type HttpMock, mockHttp } from '../test/http-mock';
import { catalogStore } from '../test/store';
import SeriesDetailScreen, { playTarget } from './series-detail';

let http: HttpMock;
afterEach(() => http.restore());

function renderDetail(id: string) {
  render(
    <Provider store={catalogStore()}>
      <MemoryRouter initialEntries={[`/series/${id}`]}>
        <Routes>
          <Route path="/series/:seriesId" element={<SeriesDetailScreen />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

describe('series detail', () => {
  it('shows the facts and each episode as free, locked with its coin cost, unlocked, with progress', async () => {
    http = mockHttp((config) => {
      if (config.url === '/series/3/')
        return {
          status: 200,
          data: series(3, {
            title: 'Midnight Contract',
            tags: ['romance'],
            categories: [{ id: 1, name: 'Drama', slug: 'drama', icon: '', color: '' }],
          }),
        };
      if (config.url === '/series/3/episodes/')
        return {
          status: 200,
          data: [
            episode(31, 3, 1, { progress: 40 }),
            episode(32, 3, 2, { coin_cost: 7 }),
            episode(33, 3, 3, { is_unlocked: true }),
          ],
        };
      if (config.url === '/users/my-list/') return { status: 200, data: [] };
    });
    renderDetail('3');
    expect(await screen.findByRole('heading', { name: 'Midnight Contract' })).toBeInTheDocument();
    expect(screen.getByText(/^2025 ·/)).toHaveTextContent('2025 · 4.5 out of 5 · 3 episodes');
    expect(screen.getByText('Drama')).toBeInTheDocument();
    expect(screen.getByText('#romance')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Episode 1: Episode 1. Free, 40% watched' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Episode 2: Episode 2. Locked · 7 coins' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Episode 3: Episode 3. Unlocked' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Resume episode 1' })).toHaveAttribute('href', '/player/3/episode/31');
  });

  it('shows a title staff changed meanwhile on the open screen within the sync interval, without a reload', async () => {
    let title = 'Midnight Contract';
    http = mockHttp((config) => {
      if (config.url === '/series/3/') return { status: 200, data: series(3, { title }) };
      if (config.url === '/series/3/episodes/') return { status: 200, data: [episode(31, 3, 1)] };
      if (config.url === '/users/my-list/') return { status: 200, data: [] };
    });
    renderDetail('3');
    expect(await screen.findByRole('heading', { name: 'Midnight Contract' })).toBeInTheDocument();
    title = 'Midnight Contract: Renewed';
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Midnight Contract: Renewed' },
        { timeout: ADMIN_SYNC_INTERVAL_MS + 3_000 },
      ),
    ).toBeInTheDocument();
  }, 15_000);

  it.each([
    ['an unknown series (404)', '77', { status: 404, data: { message: SERIES_NOT_FOUND_MESSAGE } }],
    ['series 9', '9', { status: 200, data: series(9) }],
    ['a "Deleted Series" title', '12', { status: 200, data: series(12, { title: 'Deleted Series 4' }) }],
  ])('reads "Series not found" for %s', async (_label, id, answer) => {
    http = mockHttp((config) => (config.url === `/series/${id}/` ? answer : undefined));
    renderDetail(id);
    expect(await screen.findByRole('heading', { name: SERIES_NOT_FOUND_MESSAGE })).toBeInTheDocument();
  });

  it('resumes the latest unfinished episode, or plays the first', () => {
    expect(playTarget([episode(1, 1, 1), episode(2, 1, 2)])).toMatchObject({ episode: { id: 1 }, resume: false });
    expect(playTarget([episode(1, 1, 1, { progress: 100 }), episode(2, 1, 2, { progress: 30 })])).toMatchObject({
      episode: { id: 2 },
      resume: true,
    });
  });
});
