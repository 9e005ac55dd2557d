import { ErrorNotice, formatNumber, InlineSpinner } from '@cliffhanger/shared';
import { useState } from 'react';
import { formatDateTime, formatPrice, signedCoins } from '../features/format';
import { newestFirst, type Transaction, useWalletTransactionsQuery } from '../features/transactions/transactions.api';
import { useWalletT, type WalletKey } from '../messages';
import { WalletBoundary } from './wallet-boundary';

/** The statuses worth a word beside the date; a succeeded line (and any other) shows none. */
const STATUS_LABELS: Partial<Record<Transaction['status'], WalletKey>> = {
  pending: 'transactions.pending',
  failed: 'transactions.failed',
  canceled: 'transactions.canceled',
};

/**
 * A line as the API answers it: after a guest merge, the guest's own lines come marked `as_guest`
 * (made while signed out, before the guest profile joined this account).
 */
function TransactionRow({ item }: { item: Transaction }) {
  const { t } = useWalletT();
  const money = item.amount !== null ? formatPrice(item.amount, item.currency) : null;
  const statusKey = STATUS_LABELS[item.status];
  const status = statusKey ? t(statusKey) : undefined;
  return (
    <li className="transaction">
      <div className="transaction-main">
        <span className="transaction-description">{item.description}</span>
        <span className="ch-muted transaction-date">
          <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
          {status && ` · ${status}`}
          {item.as_guest && ` · ${t('transactions.asGuest')}`}
        </span>
      </div>
      <div className="transaction-amounts">
        {item.coins !== 0 && (
          <span className={item.coins > 0 ? 'transaction-coins--in' : 'transaction-coins--out'}>
            {signedCoins(item.coins)}
          </span>
        )}
        {item.owed > 0 && (
          <span className="transaction-owed">{t('transactions.owed', { coins: formatNumber(item.owed) })}</span>
        )}
        {money && <span className="ch-muted">{money}</span>}
      </div>
    </li>
  );
}

function Transactions() {
  const [page, setPage] = useState(1);
  const { t, language } = useWalletT();
  const { data, isLoading, isFetching, isError, refetch } = useWalletTransactionsQuery({ page, language });
  if (isLoading) return <InlineSpinner label={t('transactions.loading')} />;
  if (isError) return <ErrorNotice message={t('transactions.error')} onRetry={refetch} />;
  if (!data || data.results.length === 0) {
    return <p className="ch-muted">{page === 1 ? t('transactions.none') : t('transactions.noMore')}</p>;
  }
  return (
    <>
      <ul className="transaction-list" aria-busy={isFetching}>
        {newestFirst(data.results).map((item) => (
          <TransactionRow key={item.id} item={item} />
        ))}
      </ul>
      {(page > 1 || data.next) && (
        <nav className="wallet-actions" aria-label={t('transactions.pages')}>
          <button
            type="button"
            className="ch-button ch-button--secondary"
            disabled={page === 1}
            onClick={() => setPage(page - 1)}
          >
            {t('transactions.newer')}
          </button>
          <span className="ch-muted" aria-live="polite">
            {t('transactions.page', { page })}
          </span>
          <button
            type="button"
            className="ch-button ch-button--secondary"
            disabled={!data.next}
            onClick={() => setPage(page + 1)}
          >
            {t('transactions.older')}
          </button>
        </nav>
      )}
    </>
  );
}

/** Everything that moved coins or money, newest first, a page at a time. Exposed as `./TransactionsList`. */
export default function TransactionsList() {
  const { t } = useWalletT();
  return (
    <section className="ch-card transactions-panel" aria-label={t('transactions.title')}>
      <h2 className="wallet-panel-title">{t('transactions.title')}</h2>
      <WalletBoundary>
        <Transactions />
      </WalletBoundary>
    </section>
  );
}
