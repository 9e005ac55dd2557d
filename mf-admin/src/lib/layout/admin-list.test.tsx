import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminList, type Column, type ListFilter } from './admin-list';
import { useListQuery } from './list-query';

type Row = { id: number; name: string };
const columns: ReadonlyArray<Column<Row>> = [{ header: 'Name', cell: (row) => row.name }];
const FILTERS: ReadonlyArray<ListFilter<'status'>> = [
  {
    name: 'status',
    label: 'Status',
    options: [
      ['active', 'Active'],
      ['', 'All'],
    ],
  },
];

/** A list screen whose reads are recorded: each render's arguments, as the screen would send them. */
function Screen({ seen, answer }: { seen: unknown[]; answer: { count: number; results: Row[] } | null }) {
  const list = useListQuery({
    filters: { status: { default: 'active', values: ['active', ''] } },
    sort: { default: 'name', values: ['name', '-joined'] },
  });
  seen.push(list.args);
  return (
    <AdminList
      list={list}
      searchLabel="Search by name"
      filters={FILTERS}
      sorts={{
        label: 'Order',
        options: [
          ['name', 'By name'],
          ['-joined', 'Newest first'],
        ],
      }}
      actions={<button type="button">New</button>}
      query={{
        data: answer ? { ...answer, limit: 20 } : undefined,
        isFetching: false,
        isError: answer === null,
        refetch: jest.fn(),
      }}
      columns={columns}
      failed="The names could not be loaded"
      empty="No names match."
    />
  );
}

const last = (seen: unknown[]) => seen[seen.length - 1];

function renderScreen(seen: unknown[], answer: { count: number; results: Row[] } | null, path = '/admin/names') {
  return render(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Screen seen={seen} answer={answer} />
    </MemoryRouter>,
  );
}

describe('a staff list screen', () => {
  it('offers its search, filters and buttons, and shows the page as a table with its pager', () => {
    renderScreen([], { count: 45, results: [{ id: 1, name: 'Ana' }] });
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('active');
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveValue('name');
    expect(screen.getByRole('button', { name: 'New' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Ana' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 1 of 3 · 45 in all');
  });

  it('names each value by its column, so a phone can show every row as a card without the table head', () => {
    renderScreen([], { count: 1, results: [{ id: 1, name: 'Ana' }] });
    const cell = screen.getByRole('cell', { name: 'Ana' });
    expect(cell).toHaveAttribute('data-label', 'Name');
    expect(cell.closest('table')).toHaveClass('admin-table--cards');
  });

  it('goes back to the first page when the search, a filter or the order changes', () => {
    jest.useFakeTimers();
    const seen: unknown[] = [];
    renderScreen(seen, { count: 45, results: [{ id: 1, name: 'Ana' }] });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(last(seen)).toEqual({ status: 'active', search: '', page: 2, sort: 'name' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name' }), { target: { value: 'an' } });
    act(() => jest.advanceTimersByTime(300));
    expect(last(seen)).toEqual({ status: 'active', search: 'an', page: 1, sort: 'name' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: '' } });
    expect(last(seen)).toEqual({ status: '', search: 'an', page: 1, sort: 'name' });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), { target: { value: '-joined' } });
    expect(last(seen)).toEqual({ status: '', search: 'an', page: 1, sort: '-joined' });
    jest.useRealTimers();
  });

  it('takes no longer search than a request accepts', () => {
    renderScreen([], { count: 1, results: [{ id: 1, name: 'Ana' }] });
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toHaveAttribute('maxLength', '100');
  });

  it('shows the last page instead of an empty one when the address names a page past the end', () => {
    const seen: unknown[] = [];
    renderScreen(seen, { count: 45, results: [] }, '/admin/names?page=9');
    expect(last(seen)).toMatchObject({ page: 3 });
  });

  it('says so politely when nothing matches, and when the list could not be read', () => {
    const { unmount } = renderScreen([], { count: 0, results: [] });
    expect(screen.getByText('No names match.')).toBeInTheDocument();
    unmount();
    renderScreen([], null);
    expect(screen.getByText('The names could not be loaded')).toBeInTheDocument();
  });
});
