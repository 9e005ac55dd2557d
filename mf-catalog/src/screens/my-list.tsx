/**
 * My list (product.md#screens): the viewer's saved series, kept in step with adds and removes anywhere on the page.
 * Each card has a Remove button; the removal is said in place with an Undo that puts the series back
 * where it was (focus moves to Undo, so a keyboard user is not left on nothing).
 */
import { Button, ErrorNotice, InlineSpinner, Page, paths, type Series, useAppDispatch } from '@cliffhanger/shared';
import { useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { selectMyList } from '../features/catalog.state';
import { SeriesCard } from '../features/catalogue/series-card';
import { myListRequested, myListToggleRequested } from '../features/my-list/my-list.slice';

/** How long the Undo offer stays after a removal. */
export const UNDO_REMOVE_MS = 10_000;

export default function MyListScreen() {
  const dispatch = useAppDispatch();
  const list = useSelector(selectMyList);
  const [removed, setRemoved] = useState<{ series: Series; index: number } | null>(null);
  const undoRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    dispatch(myListRequested());
  }, [dispatch]);

  useEffect(() => {
    if (!removed) return;
    undoRef.current?.focus();
    const timer = window.setTimeout(() => setRemoved(null), UNDO_REMOVE_MS);
    return () => window.clearTimeout(timer);
  }, [removed]);

  const remove = (series: Series, index: number) => {
    dispatch(myListToggleRequested({ series, add: false, quiet: true }));
    setRemoved({ series, index });
  };
  const undo = () => {
    if (!removed) return;
    dispatch(myListToggleRequested({ series: removed.series, add: true, quiet: true, index: removed.index }));
    setRemoved(null);
  };

  return (
    <Page title="My list">
      <div role="status" className="my-list-status">
        {removed && (
          <p className="my-list-undo">
            <span>“{removed.series.title}” was removed from your list.</span>
            <button ref={undoRef} type="button" className="ch-button ch-button--secondary" onClick={undo}>
              Undo
            </button>
          </p>
        )}
      </div>
      {list.status === 'loading' && list.items.length === 0 && <InlineSpinner label="Loading your list…" />}
      {list.status === 'failed' && (
        <ErrorNotice message="Your list could not be loaded." onRetry={() => dispatch(myListRequested())} />
      )}
      {list.status === 'loaded' && list.items.length === 0 && !removed && (
        <p className="ch-muted">
          Nothing saved yet. Open a series and press “My list” to keep it here.{' '}
          <Link to={paths.home()}>Browse series</Link>
        </p>
      )}
      {list.items.length > 0 && (
        <ul aria-label="Saved series" className="ch-grid my-list-grid">
          {list.items.map((series, index) => (
            <li key={series.id} className="my-list-item">
              <SeriesCard series={series} />
              <Button
                variant="ghost"
                className="my-list-remove"
                disabled={list.pending.includes(series.id)}
                onClick={() => remove(series, index)}
              >
                Remove<span className="ch-visually-hidden"> “{series.title}” from my list</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
