/**
 * Search (§2): series and episodes as the viewer types (the query settles after 300 ms), and the
 * history of searches (§5) — newest first, at most 10, clearable — while the box is empty.
 */
import {
  ANALYTICS_EVENTS,
  Button,
  ErrorNotice,
  InlineSpinner,
  MediaImage,
  Page,
  paths,
  track,
  useAppDispatch,
} from '@cliffhanger/shared';
import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { selectSearch } from '../features/catalog.state';
import { useCatalogSearchQuery } from '../features/catalogue/catalogue.api';
import { SeriesCard } from '../features/catalogue/series-card';
import { searchScreenOpened } from '../features/search/search.saga';
import { searchHistoryCleared, searchSubmitted, searchTextChanged } from '../features/search/search.slice';

export default function SearchScreen() {
  const dispatch = useAppDispatch();
  const { text, query, history } = useSelector(selectSearch);
  const { data, isFetching, isError, refetch } = useCatalogSearchQuery(query, { skip: query.length === 0 });

  useEffect(() => {
    dispatch(searchScreenOpened());
  }, [dispatch]);

  const opened = (kind: 'series' | 'episode', id: number) => {
    dispatch(searchSubmitted(query));
    dispatch(track(ANALYTICS_EVENTS.searchResultClicked, { query, kind, id }));
  };
  const empty = !!data && data.series.length === 0 && data.episodes.length === 0;

  return (
    <Page title="Search">
      <search>
        <form
          className="search-form"
          onSubmit={(event) => {
            event.preventDefault();
            dispatch(searchSubmitted(text));
          }}
        >
          <div className="ch-field">
            <label htmlFor="search-input">Search series and episodes</label>
            <input
              id="search-input"
              type="search"
              value={text}
              placeholder="Title, story or tag"
              onChange={(event) => dispatch(searchTextChanged(event.target.value))}
              autoComplete="off"
              enterKeyHint="search"
            />
          </div>
        </form>
      </search>

      {!query && history.length > 0 && (
        <section aria-labelledby="search-history-heading" className="search-history">
          <div className="search-history-header">
            <h2 id="search-history-heading" className="carousel-title">
              Recent searches
            </h2>
            <Button variant="ghost" onClick={() => dispatch(searchHistoryCleared())}>
              Clear history
            </Button>
          </div>
          <ul className="chips">
            {history.map((entry) => (
              <li key={entry}>
                <button type="button" className="chip" onClick={() => dispatch(searchSubmitted(entry))}>
                  {entry}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div aria-live="polite" className="search-results">
        {isFetching && <InlineSpinner label="Searching…" />}
        {isError && <ErrorNotice message="Search is not available right now. Please try again." onRetry={refetch} />}
        {query && empty && !isFetching && <p className="ch-muted">Nothing matches “{query}” yet. Try another word.</p>}
        {query && data && data.series.length > 0 && (
          <section aria-labelledby="search-series-heading">
            <h2 id="search-series-heading" className="carousel-title">
              Series ({data.series.length})
            </h2>
            <div className="ch-grid">
              {data.series.map((series) => (
                <SeriesCard key={series.id} series={series} onOpen={() => opened('series', series.id)} />
              ))}
            </div>
          </section>
        )}
        {query && data && data.episodes.length > 0 && (
          <section aria-labelledby="search-episodes-heading">
            <h2 id="search-episodes-heading" className="carousel-title">
              Episodes ({data.episodes.length})
            </h2>
            <ul className="search-episodes">
              {data.episodes.map((episode) => (
                <li key={episode.id}>
                  <Link
                    to={paths.episode(episode.series, episode.id)}
                    className="search-episode"
                    onClick={() => opened('episode', episode.id)}
                  >
                    <MediaImage src={episode.thumbnail} className="search-episode-thumb" alt="" />
                    <span>
                      <strong>{episode.series_title}</strong>
                      <span className="ch-muted">
                        {' '}
                        · Episode {episode.episode_number}: {episode.title}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </Page>
  );
}
