/**
 * The home screen's largest paint is the hero image, at the end of a chain: page → shell → this remote
 * → featured list → image. When the shell loads this remote to show the home screen, the featured list
 * is asked for at once (not after the whole home screen has rendered and run its effects), and the
 * first slide's image is fetched with high priority as soon as the list answers, before React renders
 * the slide that shows it (the browser then reuses the same download).
 */
import { HERO_IMAGE_SIZES, heroImageOf, paths, remoteLoaded, responsiveImage, type Series } from '@cliffhanger/shared';
import type { Action, UnknownAction } from 'redux';
import { call, put, take } from 'redux-saga/effects';
import { catalogueApi } from '../../lib/catalogue.api';

export function preloadImage(url: string): void {
  const image = new Image();
  image.fetchPriority = 'high';
  // The same choice the slide will make, so the slide finds its rendition already downloaded.
  const { srcSet, sizes } = responsiveImage(url, HERO_IMAGE_SIZES);
  if (srcSet && sizes) {
    image.sizes = sizes;
    image.srcset = srcSet;
  }
  image.src = url;
}

type FeaturedRequest = { unwrap(): Promise<Series[]> };

export function* prefetchHomeHero() {
  const request = (yield put(
    catalogueApi.endpoints.catalogFeaturedSeries.initiate(undefined, { subscribe: false }) as unknown as UnknownAction,
  )) as unknown as FeaturedRequest;
  try {
    const slides: Series[] = yield call(() => request.unwrap());
    const image = slides[0] ? heroImageOf(slides[0]) : null;
    if (image) yield call(preloadImage, image);
  } catch {
    // The hero shows its own error and Retry; this was only a head start.
  }
}

/** Once, when this remote first joins the page: a head start only if the page is the home screen. */
export function* watchFirstScreen() {
  yield take((action: Action) => remoteLoaded.match(action) && action.payload.remote === 'catalog');
  if (typeof window !== 'undefined' && window.location.pathname === paths.home()) yield call(prefetchHomeHero);
}
