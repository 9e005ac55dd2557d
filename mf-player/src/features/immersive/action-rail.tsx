/**
 * The phone player's right rail: My list (add or remove the series, announced on the bus so every
 * screen's list follows), Share (the device's share sheet where there is one, copying the series link
 * otherwise) and Episodes (opens the episode drawer).
 */
import {
  Icon,
  paths,
  type Series,
  SHARE_CHANNELS,
  seriesAddedToList,
  seriesRemovedFromList,
  showToast,
  track,
  useAppDispatch,
} from '@cliffhanger/shared';
import { useState } from 'react';
import { usePlayerMyListChangeMutation, usePlayerMyListQuery } from '../playback/player.api';

/** The address a shared series opens: its page, which link previews describe. */
export const seriesShareUrl = (seriesId: number, origin = window.location.origin) =>
  `${origin}${paths.series(seriesId)}`;

type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** Shares through `navigator.share` where it exists, else copies the link; answers what happened. */
export async function shareSeriesLink(title: string, url: string, nav: Navigator = navigator): Promise<ShareOutcome> {
  if (typeof nav.share === 'function') {
    try {
      await nav.share({ title, text: `Watch “${title}” on Cliffhanger`, url });
      return 'shared';
    } catch (error) {
      if ((error as { name?: string }).name === 'AbortError') return 'cancelled';
      // A refused share sheet falls back to copying.
    }
  }
  try {
    await nav.clipboard.writeText(url);
    return 'copied';
  } catch {
    return 'failed';
  }
}

export function ActionRail({
  series,
  seriesId,
  seriesTitle,
  drawerOpen,
  onEpisodes,
}: {
  series?: Series;
  seriesId: number;
  seriesTitle: string;
  drawerOpen: boolean;
  onEpisodes: () => void;
}) {
  const dispatch = useAppDispatch();
  const list = usePlayerMyListQuery(undefined, { refetchOnMountOrArgChange: true });
  const [change, changing] = usePlayerMyListChangeMutation();
  const [sharing, setSharing] = useState(false);
  const inList = !!list.data?.includes(seriesId);

  const toggleList = async () => {
    if (!series) return;
    const add = !inList;
    const answer = await change({ seriesId, add });
    if ('error' in answer) {
      dispatch(
        showToast({
          type: 'error',
          message: add
            ? 'Sorry, we could not add this series to your list. Please try again.'
            : 'Sorry, we could not remove this series from your list. Please try again.',
        }),
      );
      return;
    }
    dispatch(add ? seriesAddedToList({ series }) : seriesRemovedFromList({ seriesId }));
    dispatch(
      showToast({
        type: 'success',
        message: add ? `“${seriesTitle}” is in your list.` : `“${seriesTitle}” was removed from your list.`,
      }),
    );
  };

  const share = async () => {
    const url = seriesShareUrl(seriesId);
    setSharing(true);
    const outcome = await shareSeriesLink(seriesTitle, url);
    setSharing(false);
    if (outcome === 'shared') dispatch(track(SHARE_CHANNELS.native, { series_id: seriesId, url }));
    if (outcome === 'copied') {
      dispatch(track(SHARE_CHANNELS.copyLink, { series_id: seriesId, url }));
      dispatch(showToast({ type: 'success', message: 'Link copied. Paste it anywhere to share this series.' }));
    }
    if (outcome === 'failed')
      dispatch(showToast({ type: 'error', message: `We couldn’t copy the link. You can share this address: ${url}` }));
  };

  return (
    <div className="player-rail" data-no-swipe="">
      <button
        type="button"
        className="player-rail-btn"
        aria-pressed={inList}
        disabled={!series || list.isLoading || changing.isLoading}
        onClick={toggleList}
      >
        <span className="player-rail-icon">
          <Icon name={inList ? 'check' : 'plus'} size={24} />
        </span>
        <span>{inList ? 'In my list' : 'My list'}</span>
      </button>
      <button type="button" className="player-rail-btn" disabled={sharing} onClick={share}>
        <span className="player-rail-icon">
          <Icon name="share" size={22} />
        </span>
        <span>Share</span>
      </button>
      <button
        type="button"
        className="player-rail-btn"
        aria-haspopup="dialog"
        aria-expanded={drawerOpen}
        onClick={onEpisodes}
      >
        <span className="player-rail-icon">
          <Icon name="episodes" size={22} />
        </span>
        <span>Episodes</span>
      </button>
    </div>
  );
}
