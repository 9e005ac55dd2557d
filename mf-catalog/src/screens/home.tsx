/** Home (product.md#screens): featured slider, trending, Gold exclusives, continue watching, then the paged series grid. */
import { ANALYTICS_EVENTS, Page, type Series, track, useAppDispatch } from '@cliffhanger/shared';
import { useEffect } from 'react';
import { SeriesGrid } from '../features/browse/series-grid';
import { ContinueWatching } from '../features/home/continue-watching';
import { HeroSlider } from '../features/home/hero-slider';
import { Carousel, CarouselItem } from '../lib/carousel';
import { useCatalogGoldExclusivesQuery, useCatalogTrendingSeriesQuery } from '../lib/catalogue.api';
import { SeriesCard } from '../lib/series-card';
import { useCatalogT } from '../messages';

function SeriesRow({
  title,
  series,
  onOpen,
  onScrolled,
}: {
  title: string;
  series?: Series[];
  onOpen: (s: Series) => void;
  onScrolled: () => void;
}) {
  if (!series || series.length === 0) return null;
  return (
    <Carousel title={title} onScrolled={onScrolled}>
      {series.map((s) => (
        <CarouselItem key={s.id}>
          <SeriesCard series={s} onOpen={onOpen} />
        </CarouselItem>
      ))}
    </Carousel>
  );
}

export default function HomeScreen() {
  const dispatch = useAppDispatch();
  const trending = useCatalogTrendingSeriesQuery();
  const gold = useCatalogGoldExclusivesQuery();
  const { t } = useCatalogT();

  useEffect(() => {
    dispatch(track(ANALYTICS_EVENTS.homeViewed));
  }, [dispatch]);

  const open = (from: string) => (series: Series) =>
    dispatch(track(ANALYTICS_EVENTS.homeSeriesClicked, { series_id: series.id, from }));
  const scrolled = (carousel: string) => () => dispatch(track(ANALYTICS_EVENTS.homeCarouselScrolled, { carousel }));

  return (
    <Page title={t('home.title')}>
      <HeroSlider onOpen={(series) => dispatch(track(ANALYTICS_EVENTS.homeBannerClicked, { series_id: series.id }))} />
      <ContinueWatching onOpen={open('continue_watching')} onScrolled={scrolled('continue_watching')} />
      <SeriesRow
        title={t('home.trending')}
        series={trending.data}
        onOpen={open('trending')}
        onScrolled={scrolled('trending')}
      />
      <SeriesRow
        title={t('home.goldExclusives')}
        series={gold.data}
        onOpen={open('gold')}
        onScrolled={scrolled('gold')}
      />
      <SeriesGrid onOpen={open('grid')} />
    </Page>
  );
}
