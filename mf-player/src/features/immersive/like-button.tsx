/**
 * Like (product.md#player): a heart with the series' count of likes, on the phone player's rail and beside
 * the desktop player's title. Guests like too. A tap fills the heart and moves the count at once; a refused
 * change puts both back and says so politely. The button's name stays "Like" and its pressed state says
 * whether the viewer likes the series, as screen readers expect of a toggle.
 */
import { Icon, showToast, useAppDispatch } from '@cliffhanger/shared';
import { usePlayerSeriesLikeChangeMutation, usePlayerSeriesLikeQuery } from '../../lib/player.api';
import { usePlayerT } from '../../messages';

/** A count as people read it at a glance: 12, 1.2K, 3,4 тыс. */
export const compactCount = (count: number, language: string) =>
  new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(count);

export function LikeButton({ seriesId, variant }: { seriesId: number; variant: 'rail' | 'inline' }) {
  const dispatch = useAppDispatch();
  const { t, language } = usePlayerT();
  const state = usePlayerSeriesLikeQuery(seriesId);
  const [change] = usePlayerSeriesLikeChangeMutation();
  const liked = !!state.data?.liked;
  const likes = state.data?.likes ?? 0;

  const toggle = async () => {
    const answer = await change({ seriesId, liked: !liked });
    if ('error' in answer)
      dispatch(showToast({ type: 'error', message: liked ? t('like.unlikeFailed') : t('like.failed') }));
  };

  const heart = <Icon name={liked ? 'heart' : 'heartOutline'} size={variant === 'rail' ? 24 : 20} />;
  const shown = likes > 0 ? compactCount(likes, language) : t('like.like');
  return (
    <button
      type="button"
      className={variant === 'rail' ? 'player-rail-btn player-like' : 'ch-button ch-button--secondary player-like'}
      aria-pressed={liked}
      aria-label={t('like.label', { count: likes })}
      disabled={!state.data}
      onClick={toggle}
    >
      {variant === 'rail' ? <span className="player-rail-icon">{heart}</span> : heart}
      <span aria-hidden="true">{shown}</span>
    </button>
  );
}
