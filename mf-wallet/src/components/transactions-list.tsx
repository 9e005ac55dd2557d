import { ErrorNotice, InlineSpinner } from '@cliffhanger/shared';
import { useState } from 'react';
import { formatDateTime, formatPrice, signedCoins } from '../features/format';
import {
  newestFirst,
  TRANSACTIONS_ERROR,
  type Transaction,
  useWalletTransactionsQuery,
} from '../features/transactions/transactions.api';
import { WalletBoundary } from './wallet-boundary';

const STATUS_LABELS: Partial<Record<NonNullable<Transaction['status']>, string>> = {
  pending: 'Awaiting payment',
  failed: 'Payment failed',
  canceled: 'Cancelled',
};

/**
 * A line as the API answers it: after a guest merge, the guest's own lines come marked `as_guest`
 * (made while signed out, before the guest profile joined this account).
 */
type TransactionLine = Transaction & { as_guest?: boolean };

function TransactionRow({ item }: { item: TransactionLine }) {
  const money = item.amount !== null && item.amount !== undefined ? formatPrice(item.amount, item.currency) : null;
  const status = item.status ? STATUS_LABELS[item.status] : undefined;
  return (
    <li className="transaction">
      <div className="transaction-main">
        <span className="transaction-description">{item.description}</span>
        <span className="ch-muted transaction-date">
          <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
          {status && ` · ${status}`}
          {item.as_guest && ' · as guest'}
        </span>
      </div>
      <div className="transaction-amounts">
        {item.coins !== 0 && (
          <span className={item.coins > 0 ? 'transaction-coins--in' : 'transaction-coins--out'}>
            {signedCoins(item.coins)}
          </span>
        )}
        {(item.owed ?? 0) > 0 && <span className="transaction-owed">{item.owed} owed</span>}
        {money && <span className="ch-muted">{money}</span>}
      </div>
    </li>
  );
}

function Transactions() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isFetching, isError, refetch } = useWalletTransactionsQuery(page);
  if (isLoading) return <InlineSpinner label="Loading your transactions…" />;
  if (isError) return <ErrorNotice message={TRANSACTIONS_ERROR} onRetry={refetch} />;
  if (!data || data.results.length === 0) {
    return <p className="ch-muted">{page === 1 ? 'No transactions yet.' : 'No more transactions.'}</p>;
  }
  return (
    <>
      <ul className="transaction-list" aria-busy={isFetching}>
        {newestFirst(data.results).map((item) => (
          <TransactionRow key={item.id} item={item} />
        ))}
      </ul>
      {(page > 1 || data.next) && (
        <nav className="wallet-actions" aria-label="Transaction pages">
          <button
            type="button"
            className="ch-button ch-button--secondary"
            disabled={page === 1}
            onClick={() => setPage(page - 1)}
          >
            Newer
          </button>
          <span className="ch-muted" aria-live="polite">
            Page {page}
          </span>
          <button
            type="button"
            className="ch-button ch-button--secondary"
            disabled={!data.next}
            onClick={() => setPage(page + 1)}
          >
            Older
          </button>
        </nav>
      )}
    </>
  );
}

/** Everything that moved coins or money, newest first, a page at a time. Exposed as `./TransactionsList`. */
export default function TransactionsList() {
  return (
    <section className="ch-card transactions-panel" aria-label="Transactions">
      <h2 className="wallet-panel-title">Transactions</h2>
      <WalletBoundary>
        <Transactions />
      </WalletBoundary>
    </section>
  );
}
