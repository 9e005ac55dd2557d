import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, type NavigateFunction, useLocation, useNavigate } from 'react-router-dom';
import { useListQuery } from './list-query';

const STATES = ['active', 'draft', 'all'] as const;
const ORDERS = ['-created', 'title'] as const;

/** Where the page is, and a way to press Back and Forward, as the test reads them. */
const at = { href: '', go: null as NavigateFunction | null };
function Probe() {
  const location = useLocation();
  at.href = `${location.pathname}${location.search}`;
  at.go = useNavigate();
  return null;
}

/** A list screen's controls, bare: what it would send, and buttons for each setting. */
function Screen({ seen }: { seen: unknown[] }) {
  const list = useListQuery({
    filters: { status: { default: 'active', values: STATES } },
    sort: { default: '-created', values: ORDERS },
    detail: 'user',
  });
  const ledger = useListQuery({ prefix: 'ledger' });
  seen.push(list.args);
  return (
    <>
      <input aria-label="Search" value={list.search} onChange={(e) => list.setSearch(e.target.value)} />
      <button type="button" onClick={() => list.setPage(list.page + 1)}>
        Next
      </button>
      <button type="button" onClick={() => list.setFilter('status', 'draft')}>
        Drafts
      </button>
      <button type="button" onClick={() => list.setSort('title')}>
        By title
      </button>
      <button type="button" onClick={() => list.open(7)}>
        Open 7
      </button>
      <button type="button" onClick={() => list.open(null)}>
        Close
      </button>
      <button type="button" onClick={() => ledger.setPage(ledger.page + 1)}>
        Next ledger page
      </button>
      <output aria-label="Opened">{list.opened ?? 'none'}</output>
      <output aria-label="Ledger page">{ledger.page}</output>
    </>
  );
}

function renderList(path = '/admin/series') {
  const seen: unknown[] = [];
  render(
    <MemoryRouter
      initialEntries={['/admin', path]}
      initialIndex={1}
      future={{ v7_startTransition: true, v7_relativeSplatPath: true }}
    >
      <Screen seen={seen} />
      <Probe />
    </MemoryRouter>,
  );
  return { last: () => seen[seen.length - 1] };
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const back = () => act(() => at.go?.(-1));
const forward = () => act(() => at.go?.(1));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('a staff list kept in the page address', () => {
  it('shows what a shared link names: its search, filter, order and page', () => {
    const { last } = renderList('/admin/series?q=love&status=draft&sort=title&page=3');
    expect(last()).toEqual({ status: 'draft', search: 'love', page: 3, sort: 'title' });
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('love');
  });

  it('leaves the defaults out of the address, so the plain list keeps its plain address', () => {
    const { last } = renderList();
    expect(last()).toEqual({ status: 'active', search: '', page: 1, sort: '-created' });
    expect(at.href).toBe('/admin/series');
  });

  it('starts again at the first page when a filter or the order changes', () => {
    const { last } = renderList('/admin/series?page=4');
    click('Drafts');
    expect(at.href).toBe('/admin/series?status=draft');
    click('Next');
    click('By title');
    expect(at.href).toBe('/admin/series?status=draft&sort=title');
    expect(last()).toEqual({ status: 'draft', search: '', page: 1, sort: 'title' });
  });

  it('gives each page and filter a Back step, and Forward brings them back', () => {
    const { last } = renderList();
    click('Next');
    click('Next');
    click('Drafts');
    back();
    expect(last()).toMatchObject({ status: 'active', page: 3 });
    back();
    expect(last()).toMatchObject({ page: 2 });
    forward();
    forward();
    expect(last()).toMatchObject({ status: 'draft', page: 1 });
    expect(at.href).toBe('/admin/series?status=draft');
  });

  it('searches once the typing stops, replacing the history entry instead of adding one a letter', () => {
    const { last } = renderList('/admin/series?page=2');
    const field = screen.getByRole('textbox', { name: 'Search' });
    fireEvent.change(field, { target: { value: 'l' } });
    fireEvent.change(field, { target: { value: 'lo' } });
    expect(field).toHaveValue('lo');
    expect(last()).toMatchObject({ search: '', page: 2 });
    act(() => jest.advanceTimersByTime(299));
    expect(at.href).toBe('/admin/series?page=2');
    fireEvent.change(field, { target: { value: 'lov' } });
    act(() => jest.advanceTimersByTime(300));
    expect(at.href).toBe('/admin/series?q=lov');
    expect(last()).toMatchObject({ search: 'lov', page: 1 });
    fireEvent.change(field, { target: { value: 'love' } });
    act(() => jest.advanceTimersByTime(300));
    expect(at.href).toBe('/admin/series?q=love');
    back();
    expect(at.href).toBe('/admin');
  });

  it('takes what is typed along when a page is turned before the search settled', () => {
    renderList();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'gold' } });
    click('Drafts');
    expect(at.href).toBe('/admin/series?q=gold&status=draft');
    act(() => jest.advanceTimersByTime(1_000));
    expect(at.href).toBe('/admin/series?q=gold&status=draft');
  });

  it('shows the search of the entry Back returns to, and forgets a search not yet settled', () => {
    renderList('/admin/series?q=old');
    click('Next');
    const field = screen.getByRole('textbox', { name: 'Search' });
    fireEvent.change(field, { target: { value: 'new' } });
    back();
    act(() => jest.advanceTimersByTime(1_000));
    expect(field).toHaveValue('old');
    expect(at.href).toBe('/admin/series?q=old');
  });

  it.each([
    ['a page below one', '?page=-3'],
    ['a page that is not a number', '?page=two'],
    ['a page past what a request accepts', '?page=1000000'],
    ['an order the list does not offer', '?sort=evil'],
    ['a filter value the list does not offer', '?status=%3Cscript%3E'],
    ['a search longer than a request accepts', `?q=${'x'.repeat(10_240)}`],
    ['an opened row that is no id', '?user=../../etc'],
  ])('falls back to the default for %s, and takes it out of the address', (_, query) => {
    const { last } = renderList(`/admin/series${query}&keep=1`.replace('&', query ? '&' : '?'));
    expect(last()).toEqual({ status: 'active', search: '', page: 1, sort: '-created' });
    expect(at.href).toBe('/admin/series?keep=1');
    expect(screen.getByRole('status', { name: 'Opened' })).toHaveTextContent('none');
  });

  it('opens a row in the address, starting the row’s own lists afresh, and Back closes it', () => {
    renderList('/admin/users?status=draft&page=2&user=3&ledger_page=4');
    expect(screen.getByRole('status', { name: 'Opened' })).toHaveTextContent('3');
    expect(screen.getByRole('status', { name: 'Ledger page' })).toHaveTextContent('4');
    click('Open 7');
    expect(at.href).toBe('/admin/users?page=2&status=draft&user=7');
    expect(screen.getByRole('status', { name: 'Ledger page' })).toHaveTextContent('1');
    click('Next ledger page');
    expect(at.href).toBe('/admin/users?page=2&status=draft&user=7&ledger_page=2');
    back();
    back();
    expect(screen.getByRole('status', { name: 'Opened' })).toHaveTextContent('3');
    click('Close');
    expect(at.href).toBe('/admin/users?page=2&status=draft');
  });

  it('keeps a second list on the screen under its own names, apart from the first', () => {
    const { last } = renderList('/admin/users?page=2');
    click('Next ledger page');
    expect(at.href).toBe('/admin/users?page=2&ledger_page=2');
    expect(last()).toMatchObject({ page: 2 });
  });
});
