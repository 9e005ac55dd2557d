/**
 * The one list of the staff screens: a toolbar (search, filters, the screen's own buttons), the loading
 * and failure states, a table of the current page with its pager, and an empty state. Each screen says
 * what it searches, which filters it offers and what its columns are; `useListQuery` keeps the page,
 * the search and the filters, and goes back to the first page when the search or a filter changes.
 */
import { ErrorNotice, InlineSpinner } from '@cliffhanger/shared';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Pager, SelectField, TextField } from './form';

export interface PagedAnswer<Row> {
  count: number;
  limit: number;
  results: Row[];
}

export interface Column<Row> {
  header: string;
  cell(row: Row): ReactNode;
  className?(row: Row): string | undefined;
}

export interface ListFilter<Name extends string> {
  name: Name;
  label: string;
  /** Each choice as `[value, label]`. */
  options: ReadonlyArray<readonly [string, string]>;
}

/** What a list screen reads: its page, its search and its filters. */
export function useListQuery<Name extends string = never>(
  initialFilters: Record<Name, string> = {} as Record<Name, string>,
) {
  const [page, setPage] = useState(1);
  const [search, setSearchText] = useState('');
  const [filters, setFilters] = useState(initialFilters);
  const setSearch = useCallback((value: string) => {
    setSearchText(value);
    setPage(1);
  }, []);
  const setFilter = useCallback((name: Name, value: string) => {
    setFilters((before) => ({ ...before, [name]: value }));
    setPage(1);
  }, []);
  const args = useMemo(() => ({ ...filters, search, page }), [filters, search, page]);
  return { page, setPage, search, setSearch, filters, setFilter, args };
}

export type ListQueryState<Name extends string> = ReturnType<typeof useListQuery<Name>>;

/** The table of one page and its pager. */
export function ListTable<Row extends { id: number | string }>({
  rows,
  columns,
  page,
  limit,
  count,
  onPage,
  pagerLabel,
  children,
}: {
  rows: Row[];
  columns: ReadonlyArray<Column<Row>>;
  page: number;
  limit: number;
  count: number;
  onPage(page: number): void;
  /** Names the pager for screen readers when a screen has more than one list. */
  pagerLabel?: string;
  /** Shown between the table and the pager (an empty page's message). */
  children?: ReactNode;
}) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((column) => (
                <td key={column.header} className={column.className?.(row)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {children}
      <Pager page={page} limit={limit} count={count} onPage={onPage} label={pagerLabel} />
    </div>
  );
}

/** A searchable, filterable, paged list screen's body. */
export function AdminList<Row extends { id: number | string }, Name extends string = never>({
  list,
  searchLabel,
  filters = [],
  actions,
  query,
  columns,
  failed,
  empty,
  children,
}: {
  list: ListQueryState<Name>;
  /** The search field's label ("Search by email or username"); no search field without it. */
  searchLabel?: string;
  filters?: ReadonlyArray<ListFilter<Name>>;
  /** The screen's own buttons and links after the filters ("New series"). */
  actions?: ReactNode;
  query: { data?: PagedAnswer<Row>; isFetching: boolean; isError: boolean; refetch(): unknown };
  columns: ReadonlyArray<Column<Row>>;
  /** What went wrong, said politely ("The users could not be loaded"). */
  failed: string;
  /** What an empty page means ("No series match."). */
  empty?: string;
  /** Shown between the toolbar and the list (the chosen row's details). */
  children?: ReactNode;
}) {
  const { data, isFetching, isError, refetch } = query;
  return (
    <>
      <div className="admin-toolbar">
        {searchLabel !== undefined && (
          <TextField
            label={searchLabel}
            type="search"
            value={list.search}
            onChange={(e) => list.setSearch(e.target.value)}
          />
        )}
        {filters.map((filter) => (
          <SelectField
            key={filter.name}
            label={filter.label}
            value={list.filters[filter.name]}
            options={filter.options}
            onChange={(value) => list.setFilter(filter.name, value)}
          />
        ))}
        {actions}
      </div>
      {children}
      {isFetching && <InlineSpinner />}
      {isError && <ErrorNotice message={failed} onRetry={() => void refetch()} />}
      {data && (
        <ListTable
          rows={data.results}
          columns={columns}
          page={list.page}
          limit={data.limit}
          count={data.count}
          onPage={list.setPage}
        >
          {empty && data.results.length === 0 && <p className="ch-muted">{empty}</p>}
        </ListTable>
      )}
    </>
  );
}
