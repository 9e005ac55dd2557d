/**
 * "More like this" on a series page: series close to this one and those that people who finished it
 * watched next, ranked by the server with the viewer's own signals (GET /series/{id}/recommendations/).
 * Nothing is shown while it loads or when there is nothing to suggest; a failure offers a retry.
 */
import { baseApi, CACHE_SECONDS, ErrorNotice, type Paginated, type Series } from '@cliffhanger/shared';
import { Carousel, CarouselItem } from '../../lib/carousel';
import { SeriesCard } from '../../lib/series-card';
import { CATALOG_ENGLISH, useCatalogT } from '../../messages';

/** The row's heading in English (the catalogue holds it in every language). */
export const MORE_LIKE_THIS_TITLE = CATALOG_ENGLISH['more.title'];

const moreLikeThisApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    catalogMoreLikeThis: build.query<Series[], number>({
      query: (seriesId) => ({ url: `/series/${seriesId}/recommendations/` }),
      transformResponse: (answer: Series[] | Paginated<Series>) => (Array.isArray(answer) ? answer : answer.results),
      keepUnusedDataFor: CACHE_SECONDS.seriesList,
      providesTags: ['Series', 'ContinueWatching'],
    }),
  }),
});

export const { useCatalogMoreLikeThisQuery } = moreLikeThisApi;

export function MoreLikeThis({ seriesId }: { seriesId: number }) {
  const { data, error, isError, refetch } = useCatalogMoreLikeThisQuery(seriesId);
  const { t } = useCatalogT();
  const title = t('more.title');
  // A series the API does not know (a sample, one just removed) has nothing to suggest.
  if ((error as { status?: number } | undefined)?.status === 404) return null;
  if (isError)
    return (
      <section className="more-like-this" aria-label={title}>
        <h2>{title}</h2>
        <ErrorNotice message={t('more.loadError')} onRetry={refetch} />
      </section>
    );
  const suggestions = (data ?? []).filter((series) => series.id !== seriesId);
  if (suggestions.length === 0) return null;
  return (
    <Carousel title={title} className="more-like-this">
      {suggestions.map((series) => (
        <CarouselItem key={series.id}>
          <SeriesCard series={series} />
        </CarouselItem>
      ))}
    </Carousel>
  );
}
