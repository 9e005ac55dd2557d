import {
  ADMIN_SYNC_INTERVAL_MS,
  type Episode,
  i18n,
  MAX_RETRIES,
  SERIES_NOT_FOUND_MESSAGE,
  setLanguage,
  showToast,
  trackEvent,
} from '@cliffhanger/shared';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { samplesShown } from '../features/browse/series-grid.slice';
import { SAMPLE_SERIES, storeSampleCatalogue } from '../lib/sample-catalogue';
import { episode, series } from '../test/fixtures';
import { type HttpMock, mockHttp } from '../test/http-mock';
import { catalogStore } from '../test/store';
import SeriesDetailScreen, { playTarget, SAMPLE_SERIES_NOTE, totalsLine } from './series-detail';

let http: HttpMock;
afterEach(() => {
  http.restore();
  localStorage.clear();
});

function renderDetail(id: string, store = catalogStore()) {
  render(
    <Provider store={store}>
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
            title_en: 'Midnight Contract',
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
    expect(screen.getByText(/^2025 ·/)).toHaveTextContent('2025 · Rated 4.5 out of 10 · 3 episodes');
    expect(screen.getByText('Drama')).toBeInTheDocument();
    expect(screen.getByText('#romance')).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: /^Episode 1: Episode 1\. .*Free, 40% watched$/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Episode 2: Episode 2\. .*Locked · 7 coins$/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Episode 3: Episode 3\. .*Unlocked$/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Resume episode 1' })).toHaveAttribute('href', '/player/3/episode/31');
  });

  it('shows a title staff changed meanwhile on the open screen within the sync interval, without a reload', async () => {
    let title = 'Midnight Contract';
    http = mockHttp((config) => {
      if (config.url === '/series/3/') return { status: 200, data: series(3, { title, title_en: title }) };
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
    [
      'a "Deleted Series" title',
      '12',
      { status: 200, data: series(12, { title: 'Deleted Series 4', title_en: 'Deleted Series 4' }) },
    ],
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

  it('never offers to resume inside the credits: a watched episode advances to the next', () => {
    const marked = { duration: 118, credits_start: 110 };
    const left = (position: number) => ({ ...marked, position_seconds: position, progress: (position / 118) * 100 });
    const three = (third: Partial<Episode>) => [
      episode(1, 1, 1, { progress: 100 }),
      episode(2, 1, 2, { progress: 100 }),
      episode(3, 1, 3, third),
      episode(4, 1, 4, marked),
    ];
    // Left at 111 s of 118 (94 %), past the credits mark at 110 s: watched, so episode 4 from its start.
    expect(playTarget(three(left(111)))).toMatchObject({ episode: { id: 4 }, resume: false });
    // Left at 109 s, still in the story: resume episode 3.
    expect(playTarget(three(left(109)))).toMatchObject({ episode: { id: 3 }, resume: true });
  });

  it('shows "Play episode 4" on the page when episode 3 was left in its credits, and episode 3 as watched through', async () => {
    const marked = { duration: 118, credits_start: 110 };
    http = mockHttp((config) => {
      if (config.url === '/series/1/') return { status: 200, data: series(1) };
      if (config.url === '/series/1/episodes/')
        return {
          status: 200,
          data: [
            episode(1, 1, 1, { progress: 100 }),
            episode(2, 1, 2, { progress: 100 }),
            episode(3, 1, 3, { ...marked, progress: 94, position_seconds: 111 }),
            episode(4, 1, 4, marked),
          ],
        };
      if (config.url === '/users/my-list/') return { status: 200, data: [] };
    });
    renderDetail('1');
    expect(await screen.findByRole('link', { name: 'Play episode 4' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Resume episode/ })).not.toBeInTheDocument();
    // Its tile reads as watched through, not 94 %.
    expect(screen.getByRole('link', { name: /^Episode 3:.*100% watched/ })).toBeInTheDocument();
  });
});

describe('series detail when the catalogue is offline', () => {
  const sampleAt = (at: number) => {
    const found = SAMPLE_SERIES[at];
    if (!found) throw new Error(`no sample series ${at}`);
    return found;
  };
  const heir = sampleAt(0);
  const contract = sampleAt(1);
  const sampleEpisodeLinks = () => screen.getAllByRole('link', { name: /^Episode \d: Episode \d\./ });

  it('shows a sample series the home screen fell back to, with its sample episodes and a note, though the API does not know its id', async () => {
    storeSampleCatalogue();
    http = mockHttp(() => undefined);
    renderDetail(String(heir.id));
    expect(await screen.findByRole('heading', { name: heir.title })).toBeInTheDocument();
    expect(screen.getByText(SAMPLE_SERIES_NOTE)).toBeInTheDocument();
    expect(sampleEpisodeLinks()).toHaveLength(3);
    expect(screen.queryByRole('heading', { name: SERIES_NOT_FOUND_MESSAGE })).not.toBeInTheDocument();
    // The API was asked first: sample ids are only the samples where the API does not know them.
    expect(http.calls.map((c) => c.url)).toContain(`/series/${heir.id}/`);
  });

  it('shows the sample the home grid is showing even when the browser could not store it', async () => {
    http = mockHttp(() => undefined);
    const store = catalogStore();
    store.dispatch(samplesShown({ series: SAMPLE_SERIES }));
    renderDetail(String(contract.id), store);
    expect(await screen.findByRole('heading', { name: contract.title })).toBeInTheDocument();
    expect(sampleEpisodeLinks()).toHaveLength(3);
  });

  it.each([
    ['an unknown real id after the fallback', '77', true],
    ['a sample id in a browser that was never shown the samples', String(heir.id), false],
  ])('still reads "Series not found" for %s', async (_label, id, fellBack) => {
    if (fellBack) storeSampleCatalogue();
    http = mockHttp(() => undefined);
    renderDetail(id);
    expect(await screen.findByRole('heading', { name: SERIES_NOT_FOUND_MESSAGE })).toBeInTheDocument();
  });

  it('shows the API’s series, not the sample, for an id the API knows after the fallback', async () => {
    storeSampleCatalogue();
    http = mockHttp((config) => {
      if (config.url === `/series/${contract.id}/`)
        return {
          status: 200,
          data: series(contract.id, { title: 'The Real Contract', title_en: 'The Real Contract' }),
        };
      if (config.url === `/series/${contract.id}/episodes/`) return { status: 200, data: [episode(1, contract.id, 1)] };
      if (config.url === '/users/my-list/') return { status: 200, data: [] };
    });
    renderDetail(String(contract.id));
    expect(await screen.findByRole('heading', { name: 'The Real Contract' })).toBeInTheDocument();
    expect(screen.queryByText(SAMPLE_SERIES_NOTE)).not.toBeInTheDocument();
    expect(await screen.findAllByRole('link', { name: /^Episode 1:/ })).toHaveLength(1);
  });

  describe('with the whole API down', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    const detailCalls = (id: string) => http.calls.filter((c) => c.url === `/series/${id}/`).length;

    it('says "Failed to fetch series detail" with Try again once the transport’s 3 retries are spent, not more', async () => {
      http = mockHttp(() => ({ status: 503, data: 'down for maintenance' }));
      renderDetail('77');
      // 1 s + 2 s + 3 s of transport waits; a query retrying on top would still be at it.
      await jest.advanceTimersByTimeAsync(6_000);
      expect(await screen.findByText('Failed to fetch series detail')).toBeInTheDocument();
      expect(detailCalls('77')).toBe(1 + MAX_RETRIES);

      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      // The API failed four times in a row: the tab's transport sends the next request 4 s after the last.
      await jest.advanceTimersByTimeAsync(4_000);
      expect(detailCalls('77')).toBe(2 + MAX_RETRIES);
    });

    it('keeps "Failed to fetch series detail" on screen while the sync interval asks again, not a spinner', async () => {
      http = mockHttp(() => ({ status: 503, data: 'down for maintenance' }));
      renderDetail('77');
      await jest.advanceTimersByTimeAsync(6_000);
      expect(await screen.findByText('Failed to fetch series detail')).toBeInTheDocument();
      await jest.advanceTimersByTimeAsync(ADMIN_SYNC_INTERVAL_MS + 1_000);
      expect(detailCalls('77')).toBeGreaterThan(1 + MAX_RETRIES);
      expect(screen.getByText('Failed to fetch series detail')).toBeInTheDocument();
      expect(screen.queryByText('Loading series…')).not.toBeInTheDocument();
    });

    it('shows a sample series with its note once the transport’s 3 retries are spent', async () => {
      storeSampleCatalogue();
      http = mockHttp(() => ({ status: 503, data: 'down for maintenance' }));
      renderDetail(String(heir.id));
      await jest.advanceTimersByTimeAsync(6_000);
      expect(await screen.findByRole('heading', { name: heir.title })).toBeInTheDocument();
      expect(screen.getByText(SAMPLE_SERIES_NOTE)).toBeInTheDocument();
      expect(sampleEpisodeLinks()).toHaveLength(3);
      expect(detailCalls(String(heir.id))).toBe(1 + MAX_RETRIES);
    });
  });
});

describe('the series page tells the truth about its episodes', () => {
  const totals = { episodes: 4, duration_seconds: 360, free_episodes: 2, paid_episodes: 2, paid_coin_cost: 27 };

  it('says "N episodes · M min · K free · the rest for X coins or with Gold" from the API’s totals', async () => {
    http = mockHttp((config) => {
      if (config.url === '/series/3/') return { status: 200, data: series(3, { totals }) };
      if (config.url === '/series/3/episodes/') return { status: 200, data: [episode(31, 3, 1)] };
      if (config.url === '/users/my-list/') return { status: 200, data: [] };
    });
    renderDetail('3');
    expect(await screen.findByTestId('series-totals')).toHaveTextContent(
      '4 episodes · 6 min · 2 free · the rest for 27 coins or with Gold',
    );
  });

  it('words the line for a Gold exclusive, an all-free series and a single episode', () => {
    expect(totalsLine(totals, true)).toBe('4 episodes · 6 min · 2 free · the rest with Gold');
    expect(totalsLine({ ...totals, free_episodes: 4, paid_episodes: 0, paid_coin_cost: 0 }, false)).toBe(
      '4 episodes · 6 min · all free',
    );
    expect(
      totalsLine({ episodes: 1, duration_seconds: 20, free_episodes: 0, paid_episodes: 1, paid_coin_cost: 1 }, false),
    ).toBe('1 episode · 1 min · all for 1 coin or with Gold');
  });

  it('shows each episode’s duration, and a progress bar only for an episode the viewer started', async () => {
    http = mockHttp((config) => {
      if (config.url === '/series/3/') return { status: 200, data: series(3) };
      if (config.url === '/series/3/episodes/')
        return {
          status: 200,
          data: [episode(31, 3, 1, { duration: 95, progress: 40 }), episode(32, 3, 2, { duration: 61, progress: 0 })],
        };
      if (config.url === '/users/my-list/') return { status: 200, data: [] };
    });
    renderDetail('3');
    const started = await screen.findByRole('link', { name: /^Episode 1: Episode 1\. 1 min 35 s\./ });
    const fresh = screen.getByRole('link', { name: /^Episode 2: Episode 2\. 1 min 1 s\./ });
    expect(started).toHaveTextContent('1:35');
    expect(fresh).toHaveTextContent('1:01');
    expect(started.querySelector('.progress-fill')).toHaveStyle({ width: '40%' });
    expect(fresh.querySelector('.progress-track')).toBeNull();
  });

  it('marks a Gold exclusive’s paid episodes "Gold" for a non-member, with no coin price', async () => {
    http = mockHttp((config) => {
      if (config.url === '/series/4/') return { status: 200, data: series(4, { is_gold_exclusive: true }) };
      if (config.url === '/series/4/episodes/')
        return {
          status: 200,
          data: [episode(41, 4, 1, { is_free: true }), episode(42, 4, 2, { is_free: false, coin_cost: 12 })],
        };
      if (config.url === '/users/my-list/') return { status: 200, data: [] };
    });
    renderDetail('4');
    const gold = await screen.findByRole('link', { name: /^Episode 2: .*Gold · for Gold members$/ });
    expect(gold).toHaveTextContent('Gold');
    expect(gold).not.toHaveTextContent('12');
    expect(screen.getByRole('link', { name: /^Episode 1: .*Free$/ })).toBeInTheDocument();
  });
});

describe('sharing a series', () => {
  const original = { share: navigator.share, clipboard: navigator.clipboard, matchMedia: window.matchMedia };
  afterEach(() => {
    Object.defineProperty(navigator, 'share', { value: original.share, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: original.clipboard, configurable: true });
    window.matchMedia = original.matchMedia;
  });

  function answer() {
    http = mockHttp((config) => {
      if (config.url === '/series/3/')
        return { status: 200, data: series(3, { title: 'Midnight Contract', title_en: 'Midnight Contract' }) };
      if (config.url === '/series/3/episodes/') return { status: 200, data: [episode(31, 3, 1)] };
      if (config.url === '/users/my-list/') return { status: 200, data: [] };
    });
  }
  const touch = (coarse: boolean) => {
    window.matchMedia = ((query: string) => ({ matches: coarse && query.includes('coarse') })) as typeof matchMedia;
  };

  it('copies the series link elsewhere and says so politely', async () => {
    answer();
    touch(false);
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    Object.defineProperty(navigator, 'share', { value: jest.fn(), configurable: true });
    const seen: string[] = [];
    renderDetail('3', catalogStore({ record: seen }));
    fireEvent.click(await screen.findByRole('button', { name: 'Share “Midnight Contract”' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('http://localhost/series/3'));
    await waitFor(() => expect(seen).toEqual(expect.arrayContaining([showToast.type, trackEvent.type])));
    expect(navigator.share).not.toHaveBeenCalled();
  });

  it('opens the device’s share sheet on a phone', async () => {
    answer();
    touch(true);
    const share = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    renderDetail('3');
    fireEvent.click(await screen.findByRole('button', { name: 'Share “Midnight Contract”' }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Midnight Contract', url: 'http://localhost/series/3' }),
      ),
    );
  });
});

describe('a series page in Russian', () => {
  afterEach(async () => {
    cleanup();
    localStorage.clear();
    await i18n.changeLanguage('en');
  });

  it('shows the Russian title and description, Russian buttons and episodes counted the Russian way', async () => {
    await setLanguage('ru');
    const totals = { episodes: 5, duration_seconds: 600, free_episodes: 1, paid_episodes: 4, paid_coin_cost: 22 };
    http = mockHttp((config) => {
      if (config.url === '/series/3/')
        return {
          status: 200,
          data: series(3, {
            title: 'Midnight Contract',
            title_en: 'Midnight Contract',
            rating: 4.5,
            totals,
            translations: { ru: { title: 'Полуночный контракт', description: 'Брак по контракту на год.' } },
          }),
        };
      if (config.url === '/series/3/episodes/')
        return {
          status: 200,
          data: [
            episode(31, 3, 1, { duration: 95, translations: { ru: { title: 'Предложение' } } }),
            episode(32, 3, 2, { coin_cost: 5, duration: 61 }),
          ],
        };
      if (config.url === '/users/my-list/') return { status: 200, data: [] };
    });
    renderDetail('3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Полуночный контракт' })).toBeInTheDocument();
    expect(screen.getByText('Брак по контракту на год.')).toBeInTheDocument();
    expect(screen.getByText(/^2025 ·/)).toHaveTextContent('2025 · Оценка 4,5 из 10');
    expect(screen.getByTestId('series-totals')).toHaveTextContent(
      '5 серий · 10 мин · 1 бесплатная · остальные за 22 монеты или с Gold',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Серии' })).toBeInTheDocument();
    expect(screen.getByText('Сезон 1')).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: 'Серия 1: Предложение. 1 мин 35 с. Бесплатно' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: /^Серия 2: Episode 2\. 1 мин 1 с\. Закрыта · 5 монет$/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Смотреть серию 1' })).toHaveAttribute('href', '/player/3/episode/31');
    expect(await screen.findByRole('button', { name: 'Мой список (нажмите, чтобы добавить)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Поделиться «Полуночный контракт»' })).toBeInTheDocument();
  });

  it('names its genres in Russian, and in English where no Russian name is written', async () => {
    await setLanguage('ru');
    const romance = { id: 1, name: 'Romance', slug: 'romance', icon: '', color: '#ff0000' };
    const categories = [
      { ...romance, translations: { ru: { title: 'Романтика' } } },
      { ...romance, id: 2, name: 'Mystery', slug: 'mystery' },
    ];
    http = mockHttp((config) => {
      if (config.url === '/series/3/') return { status: 200, data: series(3, { categories }) };
      if (config.url === '/series/3/episodes/') return { status: 200, data: [] };
      if (config.url === '/users/my-list/') return { status: 200, data: [] };
    });
    renderDetail('3');
    const genres = await screen.findByRole('list', { name: 'Категории' });
    expect(genres).toHaveTextContent('Романтика');
    expect(genres).toHaveTextContent('Mystery');
    expect(genres).not.toHaveTextContent('Romance');
  });

  it('reads "Сериал не найден" for a series that is not there, with a way back to the catalogue', async () => {
    await setLanguage('ru');
    http = mockHttp((config) => (config.url === '/series/77/' ? { status: 404, data: {} } : undefined));
    renderDetail('77');
    expect(await screen.findByRole('heading', { level: 1, name: 'Сериал не найден' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти в каталог' })).toHaveAttribute('href', '/');
  });
});
