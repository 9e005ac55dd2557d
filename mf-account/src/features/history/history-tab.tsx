import { Button, ErrorNotice, InlineSpinner, MediaImage } from '@cliffhanger/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  HISTORY_ERROR,
  type HistoryEntry,
  useAccountClearHistoryMutation,
  useAccountRemoveHistoryEntryMutation,
  useAccountWatchHistoryQuery,
} from './history.api';

function watchedOn(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

function HistoryRow({ entry }: { entry: HistoryEntry }) {
  const [remove, { isLoading }] = useAccountRemoveHistoryEntryMutation();
  const name = `${entry.series.title}, episode ${entry.episode.episode_number}`;
  const progress = Math.round(Math.min(100, Math.max(0, entry.progress)));
  return (
    <li className="history-entry">
      <MediaImage src={entry.episode.thumbnail} className="history-thumb" width={64} height={96} />
      <div className="history-main">
        <Link to={`/player/${entry.series.id}/episode/${entry.episode.id}`}>
          <strong>{entry.series.title}</strong> · Episode {entry.episode.episode_number}
          {entry.episode.title ? `: ${entry.episode.title}` : ''}
        </Link>
        <span className="ch-muted">
          Watched {watchedOn(entry.watched_at)} · {progress >= 100 ? 'finished' : `${progress}% watched`}
        </span>
      </div>
      <Button
        variant="ghost"
        disabled={isLoading}
        aria-label={`Remove ${name} from your history`}
        onClick={() => remove(entry)}
      >
        Remove
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
  if (isLoading) return <InlineSpinner label="Loading your watch history…" />;
  if (isError) return <ErrorNotice message={HISTORY_ERROR} onRetry={refetch} />;
  if (!data || data.length === 0) {
    return (
      <section className="ch-card" aria-label="Watch history">
        <p>Nothing here yet. Episodes you watch will appear here.</p>
        <Link to="/">Find something to watch</Link>
      </section>
    );
  }
  return (
    <section className="ch-card" aria-labelledby="history-title">
      <h2 id="history-title" className="account-panel-title">
        Watch history
      </h2>
      <ul className="history-list">
        {data.map((entry) => (
          <HistoryRow key={entry.id} entry={entry} />
        ))}
      </ul>
      {clearFailed && (
        <p className="ch-error-text" role="alert">
          Your history could not be cleared. Please try again.
        </p>
      )}
      <div className="account-actions">
        {confirming ? (
          <>
            <span id="clear-history-hint">This also empties Continue watching on the home screen.</span>
            <Button
              variant="secondary"
              aria-describedby="clear-history-hint"
              disabled={clearing}
              onClick={() => {
                setConfirming(false);
                clear();
              }}
            >
              Yes, clear everything
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </>
        ) : (
          <Button variant="secondary" disabled={clearing} onClick={() => setConfirming(true)}>
            {clearing ? 'Clearing…' : 'Clear history'}
          </Button>
        )}
      </div>
    </section>
  );
}
