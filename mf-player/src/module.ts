/** mf-player's public face: every player route form and the player test screen (product.md#screens). */
import {
  episodeStarted,
  episodesUnlocked,
  episodeUnlocked,
  episodeUnlockRequested,
  episodeWatched,
  navigationRequested,
  progressSaved,
  type RemoteModule,
  remoteJoined,
  showToast,
  trackEvent,
  unlockSheetRequested,
} from '@cliffhanger/shared';
import { warmPlaybackEngineWhenIdle } from '@cliffhanger/shared/hls';
import { lazy } from 'react';
import { playbackSlice } from './lib/playback.slice';
import { registerPlayerEndpoints } from './lib/player.api';
import { playerSaga } from './player.saga';
import PlayerScreen from './screens/player';
import './player.css';

const playerModule: RemoteModule<'player'> = {
  id: 'player',
  screens: {
    // In the module's own chunk, not lazy: the shell loads this module when a player route opens, and a
    // lazy screen would add a round trip and React's Suspense reveal delay before the first frame.
    player: PlayerScreen,
    testAllPlayers: lazy(() => import('./screens/test-all-players')),
  },
  reducer: playbackSlice.reducer,
  saga: playerSaga,
  endpoints: registerPlayerEndpoints,
  events: {
    emits: [
      episodeUnlocked,
      progressSaved,
      episodeWatched,
      episodeStarted,
      trackEvent,
      showToast,
      navigationRequested,
      unlockSheetRequested,
    ],
    handles: [episodeUnlockRequested, episodesUnlocked, remoteJoined],
  },
};

// The shell loads this module when the browser idles on any screen: hls.js follows on the next idle
// moment, so an episode opened later waits for its own data only, not for the playback engine's code.
warmPlaybackEngineWhenIdle();

export default playerModule;
