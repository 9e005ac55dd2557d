import { fireEvent, render, screen } from '@testing-library/react';
import { AdminList, type Column, type ListFilter, useListQuery } from './admin-list';

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
  const list = useListQuery({ status: 'active' });
  seen.push(list.args);
  return (
    <AdminList
      list={list}
      searchLabel="Search by name"
      filters={FILTERS}
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

describe('a staff list screen', () => {
  it('offers its search, filters and buttons, and shows the page as a table with its pager', () => {
    render(<Screen seen={[]} answer={{ count: 45, results: [{ id: 1, name: 'Ana' }] }} />);
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('active');
    expect(screen.getByRole('button', { name: 'New' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Ana' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 1 of 3 · 45 in all');
  });

  it('goes back to the first page when the search or a filter changes', () => {
    const seen: unknown[] = [];
    render(<Screen seen={seen} answer={{ count: 45, results: [{ id: 1, name: 'Ana' }] }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(last(seen)).toEqual({ status: 'active', search: '', page: 2 });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name' }), { target: { value: 'an' } });
    expect(last(seen)).toEqual({ status: 'active', search: 'an', page: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: '' } });
    expect(last(seen)).toEqual({ status: '', search: 'an', page: 1 });
  });

  it('says so politely when nothing matches, and when the list could not be read', () => {
    const { unmount } = render(<Screen seen={[]} answer={{ count: 0, results: [] }} />);
    expect(screen.getByText('No names match.')).toBeInTheDocument();
    unmount();
    render(<Screen seen={[]} answer={null} />);
    expect(screen.getByText('The names could not be loaded')).toBeInTheDocument();
  });
});
