/**
 * The viewing writes (product.md#player): the position saved while watching, clamped to 0–100 by the saga, and an
 * episode marked watched once. Nothing cached by the player changes with them; the rest of the page
 * learns of them through the bus (`player/progressSaved`, `player/episodeWatched`).
 */
import { SEND_ONCE } from '@cliffhanger/shared';
import { playerApi } from '../../lib/player.api';

export interface ProgressSave {
  episodeId: number;
  progress: number;
  positionSeconds: number;
}

export const progressApi = playerApi.injectEndpoints({
  endpoints: (build) => ({
    playerSaveProgress: build.mutation<unknown, ProgressSave>({
      query: ({ episodeId, progress, positionSeconds }) => ({
        url: `/episodes/${episodeId}/watch-progress/`,
        method: 'PUT',
        body: { progress, position_seconds: positionSeconds },
      }),
      // A lost save is followed by the next tick, pause or leave.
      extraOptions: SEND_ONCE,
    }),
    playerMarkWatched: build.mutation<unknown, number>({
      query: (episodeId) => ({ url: `/episodes/${episodeId}/mark-watched/`, method: 'POST' }),
      extraOptions: SEND_ONCE,
    }),
  }),
});
