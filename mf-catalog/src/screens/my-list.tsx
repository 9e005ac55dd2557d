/** My list (§2): the viewer's saved series, kept in step with adds and removes anywhere on the page. */
import { ErrorNotice, InlineSpinner, Page, paths, useAppDispatch } from '@cliffhanger/shared';
import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { selectMyList } from '../features/catalog.state';
import { SeriesCard } from '../features/catalogue/series-card';
import { myListRequested } from '../features/my-list/my-list.slice';

export default function MyListScreen() {
  const dispatch = useAppDispatch();
  const list = useSelector(selectMyList);

  useEffect(() => {
    dispatch(myListRequested());
  }, [dispatch]);

  return (
    <Page title="My list">
      {list.status === 'loading' && list.items.length === 0 && <InlineSpinner label="Loading your list…" />}
      {list.status === 'failed' && (
        <ErrorNotice message="Your list could not be loaded." onRetry={() => dispatch(myListRequested())} />
      )}
      {list.status === 'loaded' && list.items.length === 0 && (
        <p className="ch-muted">
          Nothing saved yet. Open a series and press “My list” to keep it here.{' '}
          <Link to={paths.home()}>Browse series</Link>
        </p>
      )}
      {list.items.length > 0 && (
        <section aria-label="Saved series" className="ch-grid">
          {list.items.map((series) => (
            <SeriesCard key={series.id} series={series} />
          ))}
        </section>
      )}
    </Page>
  );
}
