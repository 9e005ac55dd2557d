import { fireEvent, render, screen } from '@testing-library/react';
import { PagedSection } from './paged-section';

type Row = { id: number; what: string; coins: number };
const columns = [
  { header: 'What', cell: (row: Row) => row.what },
  {
    header: 'Coins',
    cell: (row: Row) => row.coins,
    className: (row: Row) => (row.coins < 0 ? 'admin-negative' : undefined),
  },
];

function renderSection(query: Parameters<typeof PagedSection<Row>>[0]['query'], onPage = jest.fn()) {
  render(
    <PagedSection
      title="Coin ledger"
      query={query}
      page={1}
      onPage={onPage}
      columns={columns}
      failed="The ledger could not be loaded"
      empty="No coin movements."
      pagerLabel="Ledger pages"
    />,
  );
  return onPage;
}

describe('a staff list section', () => {
  it('shows the page as a table under its heading, with its own pager that turns the page', () => {
    const onPage = renderSection({
      data: { count: 25, limit: 20, results: [{ id: 1, what: 'Unlock', coins: -12 }] },
      isFetching: false,
      isError: false,
      refetch: jest.fn(),
    });
    const section = screen.getByRole('region', { name: 'Coin ledger' });
    expect(section).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Coins' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '-12' })).toHaveClass('admin-negative');
    expect(screen.getByText('Page 1 of 2 · 25 in all')).toBeInTheDocument();
    fireEvent.click(
      screen.getByRole('navigation', { name: 'Ledger pages' }).querySelectorAll('button')[1] as HTMLElement,
    );
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('says plainly when there is nothing to list', () => {
    renderSection({
      data: { count: 0, limit: 20, results: [] },
      isFetching: false,
      isError: false,
      refetch: jest.fn(),
    });
    expect(screen.getByText('No coin movements.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers to try again when the list could not be loaded', () => {
    const refetch = jest.fn();
    renderSection({ isFetching: false, isError: true, refetch });
    expect(screen.getByText('The ledger could not be loaded')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalled();
  });
});
