import {
  Button,
  ErrorNotice,
  formatDate,
  InlineSpinner,
  isEpisodeWatched,
  localizedTitle,
  MediaImage,
} from '@cliffhanger/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAccountT } from '../../messages';
import {
  type HistoryEntry,
  useAccountClearHistoryMutation,
  useAccountRemoveHistoryEntryMutation,
  useAccountWatchHistoryQuery,
} from './history.api';

function HistoryRow({ entry }: { entry: HistoryEntry }) {
  const [remove, { isLoading }] = useAccountRemoveHistoryEntryMutation();
  const { t, language } = useAccountT();
  const seriesTitle = localizedTitle(entry.series, language);
  const episodeTitle = entry.episode.title ? localizedTitle(entry.episode, language) : '';
  const name = t('history.entryName', { series: seriesTitle, number: entry.episode.episode_number });
  const progress = Math.round(Math.min(100, Math.max(0, entry.progress)));
  return (
    <li className="history-entry">
      <MediaImage src={entry.episode.thumbnail} className="history-thumb" width={64} height={96} />
      <div className="history-main">
        <Link to={`/player/${entry.series.id}/episode/${entry.episode.id}`}>
          <strong className="history-series">{seriesTitle}</strong>{' '}
          <span className="history-episode">
            {t('history.episode', { number: entry.episode.episode_number })}
            {episodeTitle ? `: ${episodeTitle}` : ''}
          </span>
        </Link>
        <span className="ch-muted">
          <time dateTime={entry.watched_at}>{formatDate(entry.watched_at, 'medium', language)}</time> ·{' '}
          {isEpisodeWatched({ ...entry.episode, progress: entry.progress })
            ? t('history.finished')
            : t('history.percent', { percent: progress })}
        </span>
      </div>
      <Button
        variant="ghost"
        disabled={isLoading}
        aria-label={t('history.removeLabel', { name })}
        onClick={() => remove(entry)}
      >
        {t('history.remove')}
      </Button>
    </li>
  );
}

/** Watched episodes, newest first, with remove-one and clear-all (clearing also empties continue watching). */
export function HistoryTab() {
  const { data, isLoading, isError, refetch } = useAccountWatchHistoryQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [clear, { isLoading: clearing, isError: clearFailed }] = useAccountClearHistoryMutation();
  const [confirming, setConfirming] = useState(false);
  const { t } = useAccountT();
  if (isLoading) return <InlineSpinner label={t('history.loading')} />;
  if (isError) return <ErrorNotice message={t('history.loadError')} onRetry={refetch} />;
  if (!data || data.length === 0) {
    return (
      <section className="ch-card" aria-label={t('history.region')}>
        <p>{t('history.empty')}</p>
        <Link to="/">{t('history.find')}</Link>
      </section>
    );
  }
  return (
    <section className="ch-card" aria-labelledby="history-title">
      <h2 id="history-title" className="account-panel-title">
        {t('history.title')}
      </h2>
      <ul className="history-list">
        {data.map((entry) => (
          <HistoryRow key={entry.id} entry={entry} />
        ))}
      </ul>
      {clearFailed && (
        <p className="ch-error-text" role="alert">
          {t('history.clearFailed')}
        </p>
      )}
      <div className="account-actions">
        {confirming ? (
          <>
            <span id="clear-history-hint">{t('history.clearHint')}</span>
            <Button
              variant="secondary"
              aria-describedby="clear-history-hint"
              disabled={clearing}
              onClick={() => {
                setConfirming(false);
                clear();
              }}
            >
              {t('history.confirmClear')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('history.keep')}
            </Button>
          </>
        ) : (
          <Button variant="secondary" disabled={clearing} onClick={() => setConfirming(true)}>
            {clearing ? t('history.clearing') : t('history.clear')}
          </Button>
        )}
      </div>
    </section>
  );
}
