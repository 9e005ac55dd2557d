/**
 * The one list of the staff screens: a toolbar (search, filters, the screen's own buttons), the loading
 * and failure states, a table of the current page with its pager, and an empty state. Each screen says
 * what it searches, which filters and orders it offers and what its columns are; `useListQuery`
 * (list-query.ts) keeps the page, the search, the filters and the order in the page's address.
 */
import { ErrorNotice, InlineSpinner, LIST_SEARCH_MAX_LENGTH } from '@cliffhanger/shared';
import { type ReactNode, useEffect } from 'react';
import type { PageOf } from '../api/admin.types';
import { Pager, SelectField, TextField } from './form';
import type { ListQueryState } from './list-query';

/** What a list needs of a page of the staff API: its rows, how many there are, and the page size. */
export type PagedAnswer<Row> = Pick<PageOf<Row>, 'count' | 'limit' | 'results'>;

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
      <table className="admin-table admin-table--cards">
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
                <td key={column.header} className={column.className?.(row)} data-label={column.header}>
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
export function AdminList<
  Row extends { id: number | string },
  Name extends string = never,
  Sort extends string = never,
>({
  list,
  searchLabel,
  filters = [],
  sorts,
  actions,
  query,
  columns,
  failed,
  empty,
  children,
}: {
  list: ListQueryState<Name, Sort>;
  /** The search field's label ("Search by email or username"); no search field without it. */
  searchLabel?: string;
  filters?: ReadonlyArray<ListFilter<Name>>;
  /** The order field's label and its choices as `[value, label]`; no order field without it. */
  sorts?: { label: string; options: ReadonlyArray<readonly [Sort, string]> };
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
  // A page past the end (an old link, rows removed since) shows the last page instead of an empty one.
  const lastPage = data ? Math.max(1, Math.ceil(data.count / data.limit)) : 1;
  const pastTheEnd = Boolean(data && !isFetching && data.results.length === 0 && list.page > lastPage);
  const { setPage } = list;
  useEffect(() => {
    if (pastTheEnd) setPage(lastPage, true);
  }, [pastTheEnd, lastPage, setPage]);
  return (
    <>
      <div className="admin-toolbar">
        {searchLabel !== undefined && (
          <TextField
            label={searchLabel}
            type="search"
            maxLength={LIST_SEARCH_MAX_LENGTH}
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
        {sorts && list.sort !== undefined && (
          <SelectField
            label={sorts.label}
            value={list.sort}
            options={sorts.options}
            onChange={(value) => list.setSort(value as Sort)}
          />
        )}
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
          onPage={(page) => list.setPage(page)}
        >
          {empty && data.results.length === 0 && <p className="ch-muted">{empty}</p>}
        </ListTable>
      )}
    </>
  );
}
