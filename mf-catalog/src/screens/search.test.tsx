import { i18n, readStored, SEARCH_HISTORY_MAX, setLanguage, trackEvent, writeStored } from '@cliffhanger/shared';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { addToHistory, normaliseHistory } from '../features/search/search-history';
import { episode, series } from '../test/fixtures';
import { type HttpMock, mockHttp } from '../test/http-mock';
import { catalogStore } from '../test/store';
import SearchScreen from './search';

describe('search history rules', () => {
  it('puts the newest first and keeps at most 10', () => {
    let history: string[] = [];
    for (let i = 1; i <= 12; i++) history = addToHistory(history, `q${i}`);
    expect(history).toHaveLength(SEARCH_HISTORY_MAX);
    expect(history[0]).toBe('q12');
    expect(history).not.toContain('q2');
  });

  it('ignores blank entries after trimming', () => {
    expect(addToHistory(['a'], '   ')).toEqual(['a']);
    expect(addToHistory([], '  heir ')).toEqual(['heir']);
  });

  it('ignores duplicates, moving the repeated search to the front', () => {
    expect(addToHistory(['b', 'a'], 'a')).toEqual(['a', 'b']);
    expect(normaliseHistory(['a', ' ', 'a', 'b'])).toEqual(['a', 'b']);
  });
});

/** The current address, as a person would read it in the address bar. */
function Address() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="address">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Go back
      </button>
    </>
  );
}

let http: HttpMock;

function renderSearch(record: string[] = [], initialEntries: string[] = ['/search']) {
  const store = catalogStore({ record });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={initialEntries}>
        <Routes>
          <Route path="/search" element={<SearchScreen />} />
          <Route path="/series/:id" element={<p>Series page</p>} />
        </Routes>
        <Address />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

const searchResults = (data: unknown) => (config: { url?: string }) =>
  config.url === '/search/'
    ? { status: 200, data }
    : config.url === '/series/trending/'
      ? { status: 200, data: [] }
      : undefined;

describe('the search screen', () => {
  beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
  afterEach(async () => {
    http.restore();
    jest.useRealTimers();
    localStorage.clear();
    await i18n.changeLanguage('en');
  });

  it('puts the settled query in the address, replacing the entry as the viewer types', async () => {
    http = mockHttp(searchResults({ series: [series(1, { title: 'The Heir', title_en: 'The Heir' })], episodes: [] }));
    renderSearch();
    await userEvent.type(screen.getByLabelText('Search series and episodes'), 'heir');
    await act(async () => {
      jest.advanceTimersByTime(300);
    });
    await screen.findByRole('link', { name: 'The Heir' });
    expect(screen.getByTestId('address')).toHaveTextContent('/search?q=heir');
    await userEvent.clear(screen.getByLabelText('Search series and episodes'));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/search$/);
  });

  it('shows the results of the query in the address on arrival (a reload or a shared link)', async () => {
    http = mockHttp(searchResults({ series: [series(1, { title: 'The Heir', title_en: 'The Heir' })], episodes: [] }));
    renderSearch([], ['/search?q=heir']);
    expect(await screen.findByRole('link', { name: 'The Heir' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search series and episodes')).toHaveValue('heir');
    expect(http.calls.filter((c) => c.url === '/search/')[0]?.params).toEqual({ q: 'heir' });
  });

  it('comes back to the same results after opening one and going back', async () => {
    http = mockHttp(searchResults({ series: [series(1, { title: 'The Heir', title_en: 'The Heir' })], episodes: [] }));
    renderSearch([], ['/search?q=heir']);
    await userEvent.click(await screen.findByRole('link', { name: 'The Heir' }));
    expect(await screen.findByText('Series page')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go back' }));
    expect(await screen.findByRole('link', { name: 'The Heir' })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/search?q=heir');
    expect(screen.getByLabelText('Search series and episodes')).toHaveValue('heir');
  });

  it('suggests trending series while the box is empty', async () => {
    http = mockHttp((config) =>
      config.url === '/series/trending/'
        ? {
            status: 200,
            data: [
              series(5, { title: 'Hot Pursuit', title_en: 'Hot Pursuit' }),
              series(6, { title: 'Viral Bride', title_en: 'Viral Bride' }),
            ],
          }
        : undefined,
    );
    renderSearch();
    const trending = await screen.findByRole('region', { name: 'Trending now' });
    expect(trending).toHaveTextContent('Hot Pursuit');
    expect(trending).toHaveTextContent('Viral Bride');
  });

  it('searches 300 ms after the last keystroke, shows series and episodes and tracks 6.1', async () => {
    http = mockHttp((config) =>
      config.url === '/search/'
        ? {
            status: 200,
            data: { series: [series(1, { title: 'The Heir', title_en: 'The Heir' })], episodes: [episode(11, 1, 2)] },
          }
        : undefined,
    );
    const seen: string[] = [];
    renderSearch(seen);
    await userEvent.type(screen.getByLabelText('Search series and episodes'), 'heir');
    expect(http.calls.filter((c) => c.url === '/search/')).toHaveLength(0);
    await act(async () => {
      jest.advanceTimersByTime(300);
    });
    expect(await screen.findByRole('link', { name: 'The Heir' })).toBeInTheDocument();
    expect(screen.getByText(/Episode 2: Episode 2/)).toBeInTheDocument();
    const searches = http.calls.filter((c) => c.url === '/search/');
    expect(searches).toHaveLength(1);
    expect(searches[0]?.params).toEqual({ q: 'heir' });
    expect(seen).toContain(trackEvent.type);
  });

  it('stores a submitted search under search_history and clears the history on request', async () => {
    http = mockHttp(searchResults({ series: [], episodes: [] }));
    writeStored('search_history', ['older']);
    renderSearch();
    const input = screen.getByLabelText('Search series and episodes');
    await userEvent.type(input, '  ceo  {Enter}');
    expect(readStored('search_history')).toEqual(['ceo', 'older']);
    await userEvent.clear(input);
    expect(await screen.findByRole('button', { name: 'ceo' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear history' }));
    expect(readStored('search_history')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'older' })).not.toBeInTheDocument();
  });
  it('names the series of an episode found in the viewer language', async () => {
    await setLanguage('ru');
    http = mockHttp(
      searchResults({
        series: [],
        episodes: [
          episode(11, 1, 2, {
            series_title: 'The Heiress',
            series_title_en: 'The Heiress',
            series_translations: { ru: { title: 'Наследница' } },
          }),
        ],
      }),
    );
    renderSearch([], ['/search?q=heiress']);
    expect(await screen.findByText('Наследница')).toBeInTheDocument();
    expect(screen.queryByText('The Heiress')).not.toBeInTheDocument();
  });

  it('speaks Russian: the box, the headings with counts, an episode’s Russian title and the empty answer', async () => {
    await setLanguage('ru');
    http = mockHttp((config) => {
      if (config.url !== '/search/') return undefined;
      const q = (config.params as { q?: string } | undefined)?.q;
      return q === 'наследн'
        ? {
            status: 200,
            data: {
              series: [series(1, { translations: { ru: { title: 'Наследница' } } })],
              episodes: [episode(11, 1, 2, { translations: { ru: { title: 'Десять лет спустя' } } })],
            },
          }
        : { status: 200, data: { series: [], episodes: [] } };
    });
    renderSearch([], ['/search?q=наследн']);
    expect(screen.getByRole('heading', { level: 1, name: 'Поиск' })).toBeInTheDocument();
    expect(screen.getByLabelText('Поиск сериалов и серий')).toHaveAttribute('placeholder', 'Название, сюжет или тег');
    expect(await screen.findByRole('heading', { name: 'Сериалы (1)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Наследница' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Серии (1)' })).toBeInTheDocument();
    expect(screen.getByText(/Серия 2: Десять лет спустя/)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Поиск сериалов и серий'));
    await userEvent.type(screen.getByLabelText('Поиск сериалов и серий'), 'xyz');
    await act(async () => {
      jest.advanceTimersByTime(300);
    });
    expect(
      await screen.findByText('По запросу «xyz» пока ничего не нашлось. Попробуйте другое слово.'),
    ).toBeInTheDocument();
  });
});
