/**
 * A read-only, paged list section of a staff screen: a heading, the loading, failure and empty states,
 * and the staff lists' table of the current page with its pager (admin-list.tsx). Each screen says only
 * what its columns are.
 */
import { ErrorNotice, InlineSpinner } from '@cliffhanger/shared';
import { useId } from 'react';
import { type Column, ListTable, type PagedAnswer } from './admin-list';

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
        <ListTable
          rows={data.results}
          columns={columns}
          page={page}
          limit={data.limit}
          count={data.count}
          onPage={onPage}
          pagerLabel={pagerLabel}
        />
      )}
    </section>
  );
}
