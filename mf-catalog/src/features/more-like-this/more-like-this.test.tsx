import { render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { series } from '../../test/fixtures';
import { type HttpMock, mockHttp, type Route } from '../../test/http-mock';
import { catalogStore } from '../../test/store';
import { MORE_LIKE_THIS_TITLE, MoreLikeThis } from './more-like-this';

let http: HttpMock;
afterEach(() => http.restore());

function renderSection(route: Route, seriesId = 3) {
  http = mockHttp(route);
  return render(
    <Provider store={catalogStore()}>
      <MemoryRouter>
        <MoreLikeThis seriesId={seriesId} />
      </MemoryRouter>
    </Provider>,
  );
}

describe('More like this', () => {
  it('lists the series the server suggests for this one, each leading to its page', async () => {
    renderSection((config) => {
      if (config.url === '/series/3/recommendations/')
        return {
          status: 200,
          data: [
            series(7, { title: 'Revenge at Dawn', title_en: 'Revenge at Dawn' }),
            series(3),
            series(8, { title: 'Gold Vows', title_en: 'Gold Vows', is_gold_exclusive: true }),
          ],
        };
    });
    const section = await screen.findByRole('region', { name: MORE_LIKE_THIS_TITLE });
    const links = within(section).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(within(section).getByRole('link', { name: /Revenge at Dawn/ })).toHaveAttribute('href', '/series/7');
    expect(within(section).getByRole('link', { name: /Gold Vows/ })).toHaveAttribute('href', '/series/8');
    expect((links[1] as HTMLElement).querySelector('.series-card-gold')).not.toBeNull();
  });

  it('shows nothing when there is nothing to suggest or the series is unknown', async () => {
    const empty = renderSection((config) =>
      config.url === '/series/3/recommendations/' ? { status: 200, data: [] } : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: MORE_LIKE_THIS_TITLE })).toBeNull();
    empty.unmount();
    http.restore();
    renderSection(() => undefined, 404);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: MORE_LIKE_THIS_TITLE })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers to try again when the suggestions cannot be loaded', async () => {
    let fail = true;
    renderSection((config) => {
      if (config.url !== '/series/3/recommendations/') return undefined;
      if (fail) throw new Error('offline');
      return { status: 200, data: [series(5, { title: 'Back Online', title_en: 'Back Online' })] };
    });
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 20_000 });
    fail = false;
    retry.click();
    expect(await screen.findByRole('link', { name: 'Back Online' })).toBeInTheDocument();
  }, 30_000);
});
