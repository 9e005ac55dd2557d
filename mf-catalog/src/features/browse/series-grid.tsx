/**
 * The paged series grid of the home screen (product.md#catalogue): category chips, the cards loaded so far, infinite
 * scroll through an IntersectionObserver on a sentinel after the last card, and a "Load more" button
 * for browsers without one (or viewers who prefer to click).
 */
import { Button, ErrorNotice, InlineSpinner, type Series, useAppDispatch } from '@cliffhanger/shared';
import { useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { useCatalogCategoriesQuery } from '../../lib/catalogue.api';
import { SeriesCard } from '../../lib/series-card';
import { useCatalogT } from '../../messages';
import { CategoryChips } from './category-chips';
import { SERIES_LIST_ERROR } from './series-grid.saga';
import { categorySelected, nextPageOf, pageRequested, selectSeriesGrid } from './series-grid.slice';

export function SeriesGrid({ onOpen }: { onOpen?: (series: Series) => void }) {
  const dispatch = useAppDispatch();
  const grid = useSelector(selectSeriesGrid);
  const categories = useCatalogCategoriesQuery();
  const sentinel = useRef<HTMLDivElement>(null);
  const next = nextPageOf(grid);
  const { t } = useCatalogT();

  useEffect(() => {
    if (grid.status === 'idle') dispatch(pageRequested({ page: 1 }));
  }, [dispatch, grid.status]);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || next === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) dispatch(pageRequested({ page: next }));
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [dispatch, next]);

  const selectCategory = (slug: string | null) => {
    dispatch(categorySelected(slug));
  };

  return (
    <section className="series-grid-section" aria-labelledby="all-series-heading">
      <h2 id="all-series-heading" className="carousel-title">
        {t('grid.title')}
      </h2>
      {categories.data && categories.data.length > 0 && (
        <CategoryChips categories={categories.data} selected={grid.category} onSelect={selectCategory} />
      )}
      {grid.usingSamples && (
        <p className="ch-muted" role="status">
          {t('grid.samples')}
        </p>
      )}
      {grid.error && !grid.usingSamples && (
        <ErrorNotice
          message={grid.error === SERIES_LIST_ERROR ? t('series.loadError') : grid.error}
          onRetry={() => dispatch(pageRequested({ page: grid.requestedPage }))}
        />
      )}
      <div className="ch-grid" aria-busy={grid.status === 'loading'}>
        {grid.items.map((series) => (
          <SeriesCard key={series.id} series={series} onOpen={onOpen} />
        ))}
      </div>
      {grid.status === 'loaded' && grid.items.length === 0 && <p className="ch-muted">{t('grid.empty')}</p>}
      {grid.status === 'loading' && <InlineSpinner label={t('grid.loading')} />}
      <div ref={sentinel} className="grid-sentinel" aria-hidden="true" />
      {next !== null && (
        <div className="load-more">
          <Button variant="secondary" onClick={() => dispatch(pageRequested({ page: next }))}>
            {t('grid.loadMore')}
          </Button>
        </div>
      )}
    </section>
  );
}
