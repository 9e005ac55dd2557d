/**
 * Search (product.md#screens): series and episodes as the viewer types (the query settles after 300 ms), and the
 * history of searches (product.md#search) — newest first, at most 10, clearable — and what is trending while the box
 * is empty. The settled query lives in the address (`/search?q=…`), so a reload, a shared link and the
 * back button all come back to the same results.
 */
import {
  ANALYTICS_EVENTS,
  Button,
  ErrorNotice,
  InlineSpinner,
  localizedSeriesTitle,
  localizedTitle,
  MediaImage,
  Page,
  paths,
  track,
  useAppDispatch,
} from '@cliffhanger/shared';
import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { Link, useSearchParams } from 'react-router-dom';
import { searchScreenOpened } from '../features/search/search.saga';
import {
  searchHistoryCleared,
  searchRestored,
  searchSubmitted,
  searchTextChanged,
  selectSearch,
} from '../features/search/search.slice';
import { useCatalogSearchQuery, useCatalogTrendingSeriesQuery } from '../lib/catalogue.api';
import { SeriesCard } from '../lib/series-card';
import { useCatalogT } from '../messages';

/** How many trending series the empty screen suggests. */
export const TRENDING_SUGGESTIONS = 6;

/**
 * Keeps the settled query and the address's `?q=` in step. When the address changes (first visit,
 * reload, back, forward), the address wins and its query is shown; when the query settles, the
 * address follows, replacing the entry (typing does not fill the history with half-words).
 */
function useQueryInAddress(query: string) {
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const inAddress = (params.get('q') ?? '').trim();
  const last = useRef<{ address: string | null; query: string | null }>({ address: null, query: null });

  useEffect(() => {
    const previous = last.current;
    last.current = { address: inAddress, query };
    if (previous.address !== inAddress) {
      if (inAddress !== query) {
        dispatch(searchRestored(inAddress));
        last.current.query = inAddress;
      }
      return;
    }
    if (previous.query !== query && query !== inAddress) {
      setParams(query ? { q: query } : {}, { replace: true });
      last.current.address = query;
    }
  }, [dispatch, inAddress, query, setParams]);
}

function TrendingSuggestions() {
  const { data } = useCatalogTrendingSeriesQuery();
  const { t } = useCatalogT();
  const shown = (data ?? []).slice(0, TRENDING_SUGGESTIONS);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="search-trending-heading" className="search-trending">
      <h2 id="search-trending-heading" className="carousel-title">
        {t('home.trending')}
      </h2>
      <div className="ch-grid">
        {shown.map((series) => (
          <SeriesCard key={series.id} series={series} />
        ))}
      </div>
    </section>
  );
}

export default function SearchScreen() {
  const dispatch = useAppDispatch();
  const { text, query, history } = useSelector(selectSearch);
  const { data, isFetching, isError, refetch } = useCatalogSearchQuery(query, { skip: query.length === 0 });
  useQueryInAddress(query);
  const { t, language } = useCatalogT();

  useEffect(() => {
    dispatch(searchScreenOpened());
  }, [dispatch]);

  const opened = (kind: 'series' | 'episode', id: number) => {
    dispatch(searchSubmitted(query));
    dispatch(track(ANALYTICS_EVENTS.searchResultClicked, { query, kind, id }));
  };
  const empty = !!data && data.series.length === 0 && data.episodes.length === 0;

  return (
    <Page title={t('search.title')}>
      <search>
        <form
          className="search-form"
          onSubmit={(event) => {
            event.preventDefault();
            dispatch(searchSubmitted(text));
          }}
        >
          <div className="ch-field">
            <label htmlFor="search-input">{t('search.label')}</label>
            <input
              id="search-input"
              type="search"
              value={text}
              placeholder={t('search.placeholder')}
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
              {t('search.recent')}
            </h2>
            <Button variant="ghost" onClick={() => dispatch(searchHistoryCleared())}>
              {t('search.clearHistory')}
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

      {!query && <TrendingSuggestions />}

      <div aria-live="polite" className="search-results">
        {isFetching && <InlineSpinner label={t('search.searching')} />}
        {isError && <ErrorNotice message={t('search.unavailable')} onRetry={refetch} />}
        {query && empty && !isFetching && <p className="ch-muted">{t('search.nothing', { query })}</p>}
        {query && data && data.series.length > 0 && (
          <section aria-labelledby="search-series-heading">
            <h2 id="search-series-heading" className="carousel-title">
              {t('search.series', { count: data.series.length })}
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
              {t('search.episodes', { count: data.episodes.length })}
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
                      <strong>{localizedSeriesTitle(episode, language)}</strong>
                      <span className="ch-muted">
                        {' '}
                        ·{' '}
                        {t('search.episode', {
                          number: episode.episode_number,
                          title: localizedTitle(episode, language),
                        })}
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
