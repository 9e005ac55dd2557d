import { i18n, seriesAddedToList, seriesRemovedFromList, setLanguage, showToast } from '@cliffhanger/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { initialMyListState, myListLoaded, myListSlice } from '../features/my-list/my-list.slice';
import { MyListButton } from '../features/my-list/my-list-button';
import { series } from '../test/fixtures';
import { type HttpMock, mockHttp } from '../test/http-mock';
import { catalogStore } from '../test/store';
import MyListScreen from './my-list';

const reduce = myListSlice.reducer;

describe('my list', () => {
  it('appends a series that is not in the list yet, once', () => {
    let state = reduce(initialMyListState, myListLoaded([series(1)]));
    state = reduce(state, seriesAddedToList({ series: series(2) }));
    state = reduce(state, seriesAddedToList({ series: series(2) }));
    expect(state.items.map((s) => s.id)).toEqual([1, 2]);
  });

  it('filters a removed series out', () => {
    let state = reduce(initialMyListState, myListLoaded([series(1), series(2)]));
    state = reduce(state, seriesRemovedFromList({ seriesId: 1 }));
    expect(state.items.map((s) => s.id)).toEqual([2]);
  });
});

describe('the my-list screen and button', () => {
  let http: HttpMock;
  afterEach(() => http.restore());

  it('follows an add made elsewhere on the page through the bus', async () => {
    http = mockHttp((config) => (config.url === '/users/my-list/' ? { status: 200, data: [series(1)] } : undefined));
    const store = catalogStore();
    render(
      <Provider store={store}>
        <MemoryRouter>
          <MyListScreen />
        </MemoryRouter>
      </Provider>,
    );
    await screen.findByRole('link', { name: 'Series 1' });
    store.dispatch(seriesAddedToList({ series: series(4) }));
    expect(await screen.findByRole('link', { name: 'Series 4' })).toBeInTheDocument();
    store.dispatch(seriesRemovedFromList({ seriesId: 1 }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Series 1' })).not.toBeInTheDocument());
  });

  it('removes a series from /mylist with Undo, which puts it back where it was', async () => {
    http = mockHttp((config) => {
      if (config.url === '/users/my-list/') return { status: 200, data: [series(1), series(2), series(3)] };
      if (config.url === '/series/2/remove-from-list/') return { status: 200, data: { in_list: false } };
      if (config.url === '/series/2/add-to-list/') return { status: 200, data: { in_list: true } };
    });
    const seen: string[] = [];
    const store = catalogStore({ record: seen });
    render(
      <Provider store={store}>
        <MemoryRouter>
          <MyListScreen />
        </MemoryRouter>
      </Provider>,
    );
    await screen.findByRole('link', { name: 'Series 2' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove “Series 2” from my list' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Series 2' })).not.toBeInTheDocument());
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toContain('DELETE /series/2/remove-from-list/');
    expect(screen.getByRole('status')).toHaveTextContent('“Series 2” was removed from your list.');
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toHaveFocus();
    await userEvent.click(undo);
    await waitFor(() =>
      expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Series 1', 'Series 2', 'Series 3']),
    );
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /series/2/add-to-list/');
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    // Said in place, not twice: no toast for either step.
    expect(seen).not.toContain(showToast.type);
  });

  it('adds through the API, announces it on the bus and then offers to remove', async () => {
    http = mockHttp((config) => {
      if (config.url === '/users/my-list/') return { status: 200, data: [] };
      if (config.url === '/series/3/add-to-list/') return { status: 200, data: { in_list: true } };
      if (config.url === '/series/3/remove-from-list/') return { status: 200, data: { in_list: false } };
    });
    const seen: string[] = [];
    const store = catalogStore({ record: seen });
    render(
      <Provider store={store}>
        <MyListButton series={series(3)} />
      </Provider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: /My list \(press to add\)/ }));
    expect(await screen.findByRole('button', { name: /In my list \(press to remove\)/ })).toBeInTheDocument();
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /series/3/add-to-list/');
    await userEvent.click(screen.getByRole('button', { name: /press to remove/ }));
    expect(await screen.findByRole('button', { name: /press to add/ })).toBeInTheDocument();
    expect(http.calls.map((c) => `${c.method} ${c.url}`)).toContain('DELETE /series/3/remove-from-list/');
    expect(seen).toEqual(expect.arrayContaining([seriesAddedToList.type, seriesRemovedFromList.type, showToast.type]));
  });
});

describe('my list in Russian', () => {
  let http: HttpMock;
  afterEach(async () => {
    http.restore();
    localStorage.clear();
    await i18n.changeLanguage('en');
  });

  it('names the screen, its Remove buttons and the Undo offer in Russian, with the series’ Russian title', async () => {
    await setLanguage('ru');
    const heir = series(2, { translations: { ru: { title: 'Возвращение наследницы' } } });
    http = mockHttp((config) => {
      if (config.url === '/users/my-list/') return { status: 200, data: [series(1), heir] };
      if (config.url === '/series/2/remove-from-list/') return { status: 200, data: { in_list: false } };
    });
    render(
      <Provider store={catalogStore()}>
        <MemoryRouter>
          <MyListScreen />
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Мой список' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Сохранённые сериалы' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Убрать «Возвращение наследницы» из моего списка' }));
    expect(await screen.findByRole('button', { name: 'Вернуть' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Сериал «Возвращение наследницы» удалён из вашего списка.');
  });

  it('invites the viewer to save a series when the list is empty', async () => {
    await setLanguage('ru');
    http = mockHttp((config) => (config.url === '/users/my-list/' ? { status: 200, data: [] } : undefined));
    render(
      <Provider store={catalogStore()}>
        <MemoryRouter>
          <MyListScreen />
        </MemoryRouter>
      </Provider>,
    );
    expect(await screen.findByText(/Здесь пока пусто/)).toHaveTextContent('нажмите «Мой список»');
    expect(screen.getByRole('link', { name: 'Перейти в каталог' })).toBeInTheDocument();
  });
});
