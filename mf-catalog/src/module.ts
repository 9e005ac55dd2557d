/** mf-catalog's public face: home, for-you, search, series detail, my list and the slider test (product.md#screens). */
import {
  catalogueChanged,
  episodeUnlocked,
  episodeWatched,
  progressSaved,
  type RemoteModule,
  remoteLoaded,
  seriesAddedToList,
  seriesRemovedFromList,
  showToast,
  signedIn,
  signedOut,
  trackEvent,
  watchHistoryCleared,
} from '@cliffhanger/shared';
import { lazy } from 'react';
import { catalogueSaga } from './catalog.saga';
import { catalogReducer } from './catalog.state';
import { registerCatalogueEndpoints } from './lib/catalogue.api';
import HomeScreen from './screens/home';
// The remote's words are registered as soon as it loads, before any screen asks for them.
import './messages';
import './catalog.css';

const catalogModule: RemoteModule<'catalog'> = {
  id: 'catalog',
  screens: {
    // The landing screen is in the module's own chunk, not lazy: one round trip and one Suspense reveal
    // fewer before the home screen's largest paint.
    home: HomeScreen,
    forYou: lazy(() => import('./screens/for-you')),
    search: lazy(() => import('./screens/search')),
    myList: lazy(() => import('./screens/my-list')),
    testSlider: lazy(() => import('./screens/test-slider')),
    seriesDetail: lazy(() => import('./screens/series-detail')),
  },
  reducer: catalogReducer,
  saga: catalogueSaga,
  endpoints: registerCatalogueEndpoints,
  events: {
    emits: [seriesAddedToList, seriesRemovedFromList, showToast, trackEvent],
    handles: [
      remoteLoaded,
      seriesAddedToList,
      seriesRemovedFromList,
      watchHistoryCleared,
      catalogueChanged,
      progressSaved,
      episodeWatched,
      episodeUnlocked,
      signedIn,
      signedOut,
    ],
  },
};

export default catalogModule;
