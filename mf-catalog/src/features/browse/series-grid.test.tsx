import { i18n, setLanguage } from '@cliffhanger/shared';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { SAMPLE_SERIES, SAMPLE_STORAGE_KEYS } from '../../lib/sample-catalogue';
import { series } from '../../test/fixtures';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { catalogStore } from '../../test/store';
import { SeriesGrid } from './series-grid';

let http: HttpMock;
afterEach(() => {
  http?.restore();
  localStorage.clear();
});

function renderGrid() {
  const store = catalogStore();
  render(
    <Provider store={store}>
      <MemoryRouter>
        <SeriesGrid />
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('the home series grid', () => {
  it('loads 20 newest first, appends the next page on "Load more" and hides the button without a next link', async () => {
    http = mockHttp((config) => {
      if (config.url === '/categories/') return { status: 200, data: [] };
      if (config.url === '/series/') {
        const page = config.params.page;
        return page === 1
          ? { status: 200, data: { results: [series(1), series(2)], count: 3, next: '/api/series/?page=2' } }
          : { status: 200, data: { results: [series(3)], count: 3, next: null } };
      }
    });
    renderGrid();
    expect(await screen.findByRole('link', { name: 'Series 1' })).toBeInTheDocument();
    expect(http.calls.find((c) => c.url === '/series/')?.params).toMatchObject({
      limit: 20,
      ordering: '-created_at',
      page: 1,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Series 3' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Series 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('empties the list and asks for page 1 of the chosen category', async () => {
    http = mockHttp((config) => {
      if (config.url === '/categories/')
        return { status: 200, data: [{ id: 1, name: 'Romance', slug: 'romance', icon: '', color: '' }] };
      if (config.url === '/series/')
        return config.params.category === 'romance'
          ? { status: 200, data: { results: [series(8)], count: 1, next: null } }
          : { status: 200, data: { results: [series(1)], count: 1, next: null } };
    });
    renderGrid();
    await screen.findByRole('link', { name: 'Series 1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Romance' }));
    expect(await screen.findByRole('link', { name: 'Series 8' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Series 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Romance' })).toHaveAttribute('aria-pressed', 'true');
    expect(http.calls.filter((c) => c.url === '/series/').at(-1)?.params).toMatchObject({
      category: 'romance',
      page: 1,
    });
  });

  describe('in Russian', () => {
    afterEach(async () => {
      cleanup();
      await i18n.changeLanguage('en');
    });

    it('names the category filters in Russian for a Russian viewer and still filters by the address', async () => {
      await setLanguage('ru');
      http = mockHttp((config) => {
        if (config.url === '/categories/')
          return {
            status: 200,
            data: [
              {
                id: 1,
                name: 'Romance',
                slug: 'romance',
                icon: '',
                color: '',
                translations: { ru: { title: 'Романтика' } },
              },
            ],
          };
        if (config.url === '/series/') return { status: 200, data: { results: [series(1)], count: 1, next: null } };
      });
      renderGrid();
      await userEvent.click(await screen.findByRole('button', { name: 'Романтика' }));
      expect(screen.queryByRole('button', { name: 'Romance' })).not.toBeInTheDocument();
      await waitFor(() =>
        expect(http.calls.filter((c) => c.url === '/series/').at(-1)?.params).toMatchObject({ category: 'romance' }),
      );
    });
  });

  it('shows the built-in sample series and stores them locally when the list fails', async () => {
    http = mockHttp((config) => (config.url === '/series/' ? { status: 500, data: {} } : { status: 200, data: [] }));
    renderGrid();
    expect(await screen.findByRole('link', { name: SAMPLE_SERIES[0]?.title })).toBeInTheDocument();
    expect(screen.getByText(/here are a few sample series/)).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(SAMPLE_STORAGE_KEYS.series)).toContain(SAMPLE_SERIES[0]?.title));
    expect(JSON.parse(localStorage.getItem(SAMPLE_STORAGE_KEYS.episodes) ?? '[]').length).toBeGreaterThan(0);
  });
});
