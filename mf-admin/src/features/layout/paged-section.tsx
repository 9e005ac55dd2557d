/**
 * A read-only, paged list section of a staff screen: a heading, the loading, failure and empty states,
 * a table of the current page and its pager. Each screen says only what its columns are.
 */
import { ErrorNotice, InlineSpinner } from '@cliffhanger/shared';
import { type ReactNode, useId } from 'react';
import { Pager } from './form';

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

export function PagedSection<Row extends { id: number | string }>({
  title,
  query,
  page,
  onPage,
  columns,
  failed,
  empty,
  pagerLabel,
}: {
  title: string;
  query: { data?: PagedAnswer<Row>; isFetching: boolean; isError: boolean; refetch(): unknown };
  page: number;
  onPage(page: number): void;
  columns: ReadonlyArray<Column<Row>>;
  /** What went wrong, said politely ("The ledger could not be loaded"). */
  failed: string;
  /** What an empty list means ("No coin movements."). */
  empty: string;
  /** Names the pager for screen readers when a screen has more than one list. */
  pagerLabel: string;
}) {
  const titleId = useId();
  const { data, isFetching, isError, refetch } = query;
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      {isError && <ErrorNotice message={failed} onRetry={() => void refetch()} />}
      {!data && isFetching && <InlineSpinner />}
      {data && data.count === 0 && <p className="ch-muted">{empty}</p>}
      {data && data.count > 0 && (
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
              {data.results.map((row) => (
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
          <Pager page={page} limit={data.limit} count={data.count} onPage={onPage} label={pagerLabel} />
        </div>
      )}
    </section>
  );
}
