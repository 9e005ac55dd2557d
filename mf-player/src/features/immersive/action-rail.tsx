/**
 * The phone player's right rail: Like (a heart with the count), My list (add or remove the series,
 * announced on the bus so every screen's list follows), Share (the device's share sheet where there is one, copying the series link
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
import { usePlayerMyListChangeMutation, usePlayerMyListQuery } from '../../lib/player.api';
import { playerT, usePlayerT } from '../../messages';
import { LikeButton } from './like-button';

/** The address a shared series opens: its page, which link previews describe. */
export const seriesShareUrl = (seriesId: number, origin = window.location.origin) =>
  `${origin}${paths.series(seriesId)}`;

type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** Shares through `navigator.share` where it exists, else copies the link; answers what happened. */
export async function shareSeriesLink(title: string, url: string, nav: Navigator = navigator): Promise<ShareOutcome> {
  if (typeof nav.share === 'function') {
    try {
      await nav.share({ title, text: playerT('rail.shareText', { title }), url });
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
  const { t } = usePlayerT();
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
          message: add ? t('rail.addFailed') : t('rail.removeFailed'),
        }),
      );
      return;
    }
    dispatch(add ? seriesAddedToList({ series }) : seriesRemovedFromList({ seriesId }));
    dispatch(
      showToast({
        type: 'success',
        message: add ? t('rail.added', { title: seriesTitle }) : t('rail.removed', { title: seriesTitle }),
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
      dispatch(showToast({ type: 'success', message: t('rail.copied') }));
    }
    if (outcome === 'failed') dispatch(showToast({ type: 'error', message: t('rail.copyFailed', { url }) }));
  };

  return (
    <div className="player-rail" data-no-swipe="">
      <LikeButton seriesId={seriesId} variant="rail" />
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
        <span>{inList ? t('rail.inMyList') : t('rail.myList')}</span>
      </button>
      <button type="button" className="player-rail-btn" disabled={sharing} onClick={share}>
        <span className="player-rail-icon">
          <Icon name="share" size={22} />
        </span>
        <span>{t('rail.share')}</span>
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
        <span>{t('rail.episodes')}</span>
      </button>
    </div>
  );
}
