/**
 * My list (product.md#screens): the viewer's saved series, kept in step with adds and removes anywhere on the page.
 * Each card has a Remove button; the removal is said in place with an Undo that puts the series back
 * where it was (focus moves to Undo, so a keyboard user is not left on nothing).
 */
import {
  Button,
  ErrorNotice,
  InlineSpinner,
  localizedTitle,
  Page,
  paths,
  type Series,
  useAppDispatch,
} from '@cliffhanger/shared';
import { useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { myListRequested, myListToggleRequested, selectMyList } from '../features/my-list/my-list.slice';
import { SeriesCard } from '../lib/series-card';
import { useCatalogT } from '../messages';

/** How long the Undo offer stays after a removal. */
export const UNDO_REMOVE_MS = 10_000;

export default function MyListScreen() {
  const dispatch = useAppDispatch();
  const list = useSelector(selectMyList);
  const [removed, setRemoved] = useState<{ series: Series; index: number } | null>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const { t, language } = useCatalogT();

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
    <Page title={t('myList.title')}>
      <div role="status" className="my-list-status">
        {removed && (
          <p className="my-list-undo">
            <span>{t('myList.removed', { title: localizedTitle(removed.series, language) })}</span>
            <button ref={undoRef} type="button" className="ch-button ch-button--secondary" onClick={undo}>
              {t('myList.undo')}
            </button>
          </p>
        )}
      </div>
      {list.status === 'loading' && list.items.length === 0 && <InlineSpinner label={t('myList.loading')} />}
      {list.status === 'failed' && (
        <ErrorNotice message={t('myList.loadError')} onRetry={() => dispatch(myListRequested())} />
      )}
      {list.status === 'loaded' && list.items.length === 0 && !removed && (
        <p className="ch-muted">
          {t('myList.empty')} <Link to={paths.home()}>{t('myList.browse')}</Link>
        </p>
      )}
      {list.items.length > 0 && (
        <ul aria-label={t('myList.saved')} className="ch-grid my-list-grid">
          {list.items.map((series, index) => (
            <li key={series.id} className="my-list-item">
              <SeriesCard series={series} />
              <Button
                variant="ghost"
                className="my-list-remove"
                disabled={list.pending.includes(series.id)}
                onClick={() => remove(series, index)}
              >
                {t('myList.remove')}
                <span className="ch-visually-hidden">
                  {' '}
                  {t('myList.removeWhat', { title: localizedTitle(series, language) })}
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
